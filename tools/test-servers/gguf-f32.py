"""Rewrites a GGUF model with every half-precision tensor in full precision, taken from the safetensors it was
converted from, so a server runs the model at the precision md-vector's local ONNX model has (fp32).

    python tools/test-servers/gguf-f32.py IN.gguf SAFETENSORS_FOLDER OUT.gguf

The metadata (architecture, tokenizer, pooling) is copied as the converter wrote it. Each F16 tensor is matched to
the source tensor of the same shape whose values round to exactly its values (no name mapping to keep in step
with the converter), and refused when none or several do.
"""
import sys
from pathlib import Path

import numpy as np
from gguf import GGMLQuantizationType, GGUFReader, GGUFValueType, GGUFWriter
from safetensors.numpy import load_file


def main(source: str, folder: str, target: str) -> None:
    reader = GGUFReader(source)
    weights = {}
    for file in sorted(Path(folder).glob('*.safetensors')):
        weights.update(load_file(str(file)))

    arch = reader.fields['general.architecture'].contents()
    writer = GGUFWriter(target, arch)
    for field in reader.fields.values():
        if field.name.startswith('GGUF.') or field.name == 'general.architecture':
            continue
        kind = field.types[0]
        sub = field.types[-1] if kind == GGUFValueType.ARRAY else None
        writer.add_key_value(field.name, field.contents(), kind, sub_type=sub)

    for tensor in reader.tensors:
        data = np.array(tensor.data)
        if tensor.tensor_type == GGMLQuantizationType.F16:
            matches = [name for name, array in weights.items()
                       if array.shape == data.shape and np.array_equal(array.astype(np.float16), data)]
            if len(matches) != 1:
                sys.exit(f'gguf-f32: {tensor.name}: {len(matches)} source tensors round to it, not one')
            data = weights[matches[0]].astype(np.float32)
        elif tensor.tensor_type != GGMLQuantizationType.F32:
            sys.exit(f'gguf-f32: {tensor.name} is {tensor.tensor_type.name}: only F16 and F32 are handled')
        writer.add_tensor(tensor.name, data, raw_dtype=GGMLQuantizationType.F32)

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
