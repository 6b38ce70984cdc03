"""An independent reference: BERT's forward pass in plain numpy, straight from the safetensors weights.

It shares no code with the ONNX graph md-vector runs (bert_onnx.py) nor with transformers.js, so agreement
between the two says the conversion and md-vector's loading, pooling and normalisation are right.
"""
import math

import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _layer_norm(x, weight, bias, eps):
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + eps) * weight + bias


def token_vectors(weights, config, ids, mask, types):
    """Last hidden states [batch, sequence, hidden] in float64 for int arrays [batch, sequence]."""
    p = {name: value.astype(np.float64) for name, value in weights.items() if value.dtype.kind == 'f'}
    eps = float(config.get('layer_norm_eps', 1e-12))
    heads = config['num_attention_heads']
    batch, length = ids.shape
    x = p['embeddings.word_embeddings.weight'][ids] + p['embeddings.position_embeddings.weight'][np.arange(length)][None] \
        + p['embeddings.token_type_embeddings.weight'][types]
    x = _layer_norm(x, p['embeddings.LayerNorm.weight'], p['embeddings.LayerNorm.bias'], eps)
    bias = np.where(mask[:, None, None, :] > 0, 0.0, -1e9)
    dense = lambda v, name: v @ p[f'{name}.weight'].T + p[f'{name}.bias']
    for index in range(config['num_hidden_layers']):
        at = f'encoder.layer.{index}'
        width = x.shape[-1] // heads
        split = lambda v: v.reshape(batch, length, heads, width).transpose(0, 2, 1, 3)
        q, k, v = (split(dense(x, f'{at}.attention.self.{part}')) for part in ('query', 'key', 'value'))
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(width) + bias
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        context = (scores / scores.sum(-1, keepdims=True)) @ v
        context = context.transpose(0, 2, 1, 3).reshape(batch, length, -1)
        x = _layer_norm(x + dense(context, f'{at}.attention.output.dense'), p[f'{at}.attention.output.LayerNorm.weight'], p[f'{at}.attention.output.LayerNorm.bias'], eps)
        inner = dense(x, f'{at}.intermediate.dense')
        inner = 0.5 * inner * (1.0 + _erf(inner / math.sqrt(2.0)))
        x = _layer_norm(x + dense(inner, f'{at}.output.dense'), p[f'{at}.output.LayerNorm.weight'], p[f'{at}.output.LayerNorm.bias'], eps)
    return x
