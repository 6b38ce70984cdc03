#!/usr/bin/python3
"""Make a BERT-shaped sentence-encoder folder that transformers.js loads offline, with RANDOM weights.

Same compute as a real model of that shape (use it for speed and memory measurements and for tests of the
loading path); its embeddings are meaningless. The tokenizer is the real bert-base-uncased WordPiece
tokenizer (the one all-MiniLM-L6-v2 and bge-small-en-v1.5 use), copied from ../models/bert-uncased-tokenizer.

  /usr/bin/python3 make-bert-onnx.py OUT_DIR   (Debian python, which has python3-onnx) [PRESET | LAYERS HIDDEN HEADS FFN]
  presets: bge-small (12 384 12 1536, the default model's shape), minilm-l6 (6 384 12 1536), tiny (2 32 2 64)

OUT_DIR gets config.json, tokenizer.json, tokenizer_config.json, special_tokens_map.json, vocab.txt,
onnx/model.onnx (fp32) and onnx/model_quantized.onnx (dynamic int8, like onnxruntime's quantize_dynamic).
Needs Debian's python3-onnx and python3-numpy (apt-get install -y python3-onnx python3-numpy).
Load it with MD_VECTOR_MODEL_DIR-style local model paths: env.localModelPath = parent of OUT_DIR,
env.allowRemoteModels = false, model id = basename of OUT_DIR.
"""
import json, os, shutil, sys
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh

PRESETS = {'bge-small': (12, 384, 12, 1536), 'minilm-l6': (6, 384, 12, 1536), 'tiny': (2, 32, 2, 64)}
TOK = os.environ.get('TOKENIZER_DIR') or os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'test', 'fixtures', 'models', 'tiny')
VOC, POS = 30522, 512
out = sys.argv[1] if len(sys.argv) > 1 else sys.exit(__doc__)
args = sys.argv[2:]
L, H, NH, FF = PRESETS[args[0]] if len(args) == 1 else ([int(x) for x in args] if len(args) == 4 else PRESETS['bge-small'])
rng = np.random.default_rng(0)
def W(*s, sc=0.05): return (rng.standard_normal(s) * sc).astype(np.float32)
def build(quant):
    nodes, inits = [], []
    def init(name, arr): inits.append(nh.from_array(arr, name)); return name
    cnt = [0]
    def n(op, ins, outs=None, **kw):
        cnt[0] += 1; outs = outs or [f'{op}_{cnt[0]}']
        nodes.append(h.make_node(op, ins, outs, name=f'{op}_{cnt[0]}', **kw)); return outs[0]
    def matmul(x, w):
        if not quant: return n('MatMul', [x, init(f'w{cnt[0]}', w)])
        s = float(np.abs(w).max() / 127.0); q = np.clip(np.round(w / s), -127, 127).astype(np.int8)
        wq = init(f'wq{cnt[0]}', q); ws = init(f'ws{cnt[0]}', np.array(s, np.float32)); wz = init(f'wz{cnt[0]}', np.array(0, np.int8))
        xq, xs, xz = [f'dq{cnt[0]}_{i}' for i in range(3)]; n('DynamicQuantizeLinear', [x], [xq, xs, xz])
        y = n('MatMulInteger', [xq, wq, xz, wz]); y = n('Cast', [y], to=T.FLOAT)
        sc = n('Mul', [xs, ws]); return n('Mul', [y, sc])
    def linear(x, i, o): return n('Add', [matmul(x, W(i, o)), init(f'b{cnt[0]}', np.zeros(o, np.float32))])
    def ln(x): return n('LayerNormalization', [x, init(f'g{cnt[0]}', np.ones(H, np.float32)), init(f'be{cnt[0]}', np.zeros(H, np.float32))], axis=-1, epsilon=1e-12)
    c = lambda name, v, dt=np.int64: init(name, np.array(v, dt))
    c('c0', 0); c('c1', 1); c('one_f', 1.0, np.float32); c('neg_f', -10000.0, np.float32); c('sqrt_dk', np.sqrt(H // NH), np.float32)
    c('half', 0.5, np.float32); c('sqrt2', np.sqrt(2.0), np.float32)
    c('shape_heads', [0, 0, NH, H // NH]); c('shape_back', [0, 0, H]); c('ax1', [1]); c('ax12', [1, 2])
    # embeddings
    if quant:
        emb = W(VOC, H); s = float(np.abs(emb).max() / 127.0); zp = 128
        q = np.clip(np.round(emb / s) + zp, 0, 255).astype(np.uint8)
        g = n('Gather', [init('wemb_q', q), 'input_ids'], axis=0)
        we = n('DequantizeLinear', [g, init('wemb_s', np.array(s, np.float32)), init('wemb_z', np.array(zp, np.uint8))])
    else:
        we = n('Gather', [init('wemb', W(VOC, H)), 'input_ids'], axis=0)
    shp = n('Shape', ['input_ids']); seq = n('Gather', [shp, 'c1'], axis=0)
    pos = n('Range', ['c0', seq, 'c1']); pe = n('Gather', [init('pemb', W(POS, H)), pos], axis=0)
    te = n('Gather', [init('temb', W(2, H)), 'token_type_ids'], axis=0)
    x = ln(n('Add', [n('Add', [we, pe]), te]))
    m = n('Cast', ['attention_mask'], to=T.FLOAT); m = n('Sub', ['one_f', m]); m = n('Mul', [m, 'neg_f'])
    ext = n('Unsqueeze', [m, 'ax12'])  # [B,1,1,S]
    for l in range(L):
        def heads(t): return n('Transpose', [n('Reshape', [t, 'shape_heads'])], perm=[0, 2, 1, 3])
        q = heads(linear(x, H, H)); k = heads(linear(x, H, H)); v = heads(linear(x, H, H))
        kt = n('Transpose', [k], perm=[0, 1, 3, 2])
        sc = n('Add', [n('Div', [n('MatMul', [q, kt]), 'sqrt_dk']), ext])
        p = n('Softmax', [sc], axis=-1)
        ctx = n('Reshape', [n('Transpose', [n('MatMul', [p, v])], perm=[0, 2, 1, 3]), 'shape_back'])
        x = ln(n('Add', [linear(ctx, H, H), x]))
        f = linear(x, H, FF)
        gelu = n('Mul', [n('Mul', [f, 'half']), n('Add', [n('Erf', [n('Div', [f, 'sqrt2'])]), 'one_f'])])
        x = ln(n('Add', [linear(gelu, FF, H), x]))
    nodes.append(h.make_node('Identity', [x], ['last_hidden_state'], name='out'))
    ins = [h.make_tensor_value_info(nm, T.INT64, ['batch_size', 'sequence_length']) for nm in ('input_ids', 'attention_mask', 'token_type_ids')]
    outs = [h.make_tensor_value_info('last_hidden_state', T.FLOAT, ['batch_size', 'sequence_length', H])]
    g = h.make_graph(nodes, 'bert', ins, outs, inits)
    mdl = h.make_model(g, opset_imports=[h.make_opsetid('', 17)], producer_name='synthetic')
    mdl.ir_version = 8
    onnx.checker.check_model(mdl)
    return mdl
os.makedirs(f'{out}/onnx', exist_ok=True)
onnx.save(build(False), f'{out}/onnx/model.onnx')
onnx.save(build(True), f'{out}/onnx/model_quantized.onnx')
json.dump({"architectures": ["BertModel"], "model_type": "bert", "hidden_size": H, "num_hidden_layers": L,
           "num_attention_heads": NH, "intermediate_size": FF, "vocab_size": VOC, "max_position_embeddings": POS,
           "type_vocab_size": 2, "pad_token_id": 0, "hidden_act": "gelu", "layer_norm_eps": 1e-12,
           "_note": "random weights: shape-equivalent stand-in, embeddings are meaningless"},
          open(f'{out}/config.json', 'w'), indent=1)
for f in ('tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'vocab.txt'):
    shutil.copy(os.path.join(TOK, f), os.path.join(out, f))
print('ok', out, 'layers', L, 'hidden', H, {f: os.path.getsize(f'{out}/onnx/{f}') for f in os.listdir(f'{out}/onnx')})
