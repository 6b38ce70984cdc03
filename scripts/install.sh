#!/usr/bin/env bash
# Installs md-vector from this checkout: the Debian packages it needs, its npm dependencies (faiss-node is
# built against Debian's libfaiss when no prebuilt binary can be fetched), and the build.
# Then runs its main job once: indexes FOLDER (default: this checkout's Markdown) and searches it.
#   bash scripts/install.sh [FOLDER] [QUERY]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libfaiss-dev libopenblas-dev g++ make python3)
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

npm ci --no-fund --no-audit
npm run build
node dist/daemon/index-folder.js "${1:-.}" "${2:-install}"
