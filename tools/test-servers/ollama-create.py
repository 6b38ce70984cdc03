"""Creates an Ollama model from a sentence-transformers folder through Ollama's HTTP API (POST /api/blobs/DIGEST,
then POST /api/create with `files`), keeping each file's path in the folder: `ollama create` (v0.13.0) sends
nested files by their base name, so 1_Pooling/config.json (mean pooling) would clash with config.json.

    python tools/test-servers/ollama-create.py http://127.0.0.1:PORT NAME FOLDER [num_ctx]
"""
import hashlib
import json
import sys
import urllib.request
from pathlib import Path


def call(url: str, data: bytes, method: str = 'POST') -> bytes:
    request = urllib.request.Request(url, data=data, method=method)
    with urllib.request.urlopen(request, timeout=600) as response:
        return response.read()


def main(server: str, name: str, folder: str, num_ctx: str | None = None) -> None:
    root = Path(folder)
    paths = sorted({*root.glob('model*.safetensors'), *root.glob('*.json'), *root.glob('*/*.json')})
    files = {}
    for path in paths:
        data = path.read_bytes()
        digest = 'sha256:' + hashlib.sha256(data).hexdigest()
        call(f'{server}/api/blobs/{digest}', data)
        files[path.relative_to(root).as_posix()] = digest
    body = {'model': name, 'files': files, 'stream': False}
    if num_ctx:
        body['parameters'] = {'num_ctx': int(num_ctx)}
    print(call(f'{server}/api/create', json.dumps(body).encode()).decode().strip())


if __name__ == '__main__':
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    main(*sys.argv[1:])
