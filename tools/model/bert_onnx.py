"""A BERT encoder as an ONNX graph (fp32) from Hugging Face weight names, the way transformers.js runs it:
inputs input_ids, attention_mask, token_type_ids (int64 [batch, sequence]); output last_hidden_state
[batch, sequence, hidden]. Pooling and normalisation are left to the caller (md-vector does them).

Only the onnx package and numpy: no torch. Linear weights come as PyTorch stores them ([out, in]).
"""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


class _Graph:
    def __init__(self):
        self.nodes, self.initializers, self.count = [], [], 0

    def const(self, name, array):
        self.initializers.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def op(self, op_type, inputs, **attributes):
        self.count += 1
        output = f'{op_type}_{self.count}'
        self.nodes.append(helper.make_node(op_type, inputs, [output], name=output, **attributes))
        return output


def build_bert(weights, config):
    """weights: name -> numpy array (HF BertModel names, no 'bert.' prefix); config: HF config.json as a dict."""
    hidden, heads = config['hidden_size'], config['num_attention_heads']
    eps = float(config.get('layer_norm_eps', 1e-12))
    g = _Graph()
    w = lambda name: g.const(name, weights[name].astype(np.float32))

    def linear(x, prefix):  # x @ W^T + b, with W^T stored so MatMul has a constant B (what dynamic quantization needs)
        g.initializers.append(numpy_helper.from_array(np.ascontiguousarray(weights[f'{prefix}.weight'].T.astype(np.float32)), f'{prefix}.weight_t'))
        return g.op('Add', [g.op('MatMul', [x, f'{prefix}.weight_t']), w(f'{prefix}.bias')])

    def layer_norm(x, prefix):
        return g.op('LayerNormalization', [x, w(f'{prefix}.weight'), w(f'{prefix}.bias')], axis=-1, epsilon=eps)

    g.const('zero', np.array(0, np.int64))
    g.const('one', np.array(1, np.int64))
    g.const('one_f', np.array(1.0, np.float32))
    g.const('mask_f', np.array(-10000.0, np.float32))  # added to scores of padding tokens, as BERT does
    g.const('scale', np.array(np.sqrt(hidden // heads), np.float32))
    g.const('half', np.array(0.5, np.float32))
    g.const('sqrt2', np.array(np.sqrt(2.0), np.float32))
    g.const('split_heads', np.array([0, 0, heads, hidden // heads], np.int64))
    g.const('join_heads', np.array([0, 0, hidden], np.int64))
    g.const('axes_1_2', np.array([1, 2], np.int64))

    words = g.op('Gather', [w('embeddings.word_embeddings.weight'), 'input_ids'], axis=0)
    length = g.op('Gather', [g.op('Shape', ['input_ids']), 'one'], axis=0)
    positions = g.op('Gather', [w('embeddings.position_embeddings.weight'), g.op('Range', ['zero', length, 'one'])], axis=0)
    types = g.op('Gather', [w('embeddings.token_type_embeddings.weight'), 'token_type_ids'], axis=0)
    x = layer_norm(g.op('Add', [g.op('Add', [words, positions]), types]), 'embeddings.LayerNorm')

    padding = g.op('Mul', [g.op('Sub', ['one_f', g.op('Cast', ['attention_mask'], to=TensorProto.FLOAT)]), 'mask_f'])
    padding = g.op('Unsqueeze', [padding, 'axes_1_2'])  # [batch, 1, 1, sequence]
    for index in range(config['num_hidden_layers']):
        prefix = f'encoder.layer.{index}'
        split = lambda t: g.op('Transpose', [g.op('Reshape', [t, 'split_heads'])], perm=[0, 2, 1, 3])
        query, key, value = (split(linear(x, f'{prefix}.attention.self.{part}')) for part in ('query', 'key', 'value'))
        scores = g.op('Div', [g.op('MatMul', [query, g.op('Transpose', [key], perm=[0, 1, 3, 2])]), 'scale'])
        probabilities = g.op('Softmax', [g.op('Add', [scores, padding])], axis=-1)
        context = g.op('Reshape', [g.op('Transpose', [g.op('MatMul', [probabilities, value])], perm=[0, 2, 1, 3]), 'join_heads'])
        x = layer_norm(g.op('Add', [linear(context, f'{prefix}.attention.output.dense'), x]), f'{prefix}.attention.output.LayerNorm')
        inner = linear(x, f'{prefix}.intermediate.dense')
        gelu = g.op('Mul', [g.op('Mul', [inner, 'half']), g.op('Add', [g.op('Erf', [g.op('Div', [inner, 'sqrt2'])]), 'one_f'])])
        x = layer_norm(g.op('Add', [linear(gelu, f'{prefix}.output.dense'), x]), f'{prefix}.output.LayerNorm')

    g.nodes.append(helper.make_node('Identity', [x], ['last_hidden_state'], name='output'))
    inputs = [helper.make_tensor_value_info(name, TensorProto.INT64, ['batch_size', 'sequence_length']) for name in ('input_ids', 'attention_mask', 'token_type_ids')]
    outputs = [helper.make_tensor_value_info('last_hidden_state', TensorProto.FLOAT, ['batch_size', 'sequence_length', hidden])]
    model = helper.make_model(helper.make_graph(g.nodes, 'bert', inputs, outputs, g.initializers),
                              opset_imports=[helper.make_opsetid('', 17)], producer_name='md-vector tools/model')
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model
