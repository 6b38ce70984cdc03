"""Reference sentence embeddings, computed without md-vector: the Hugging Face `tokenizers` library (Rust)
for the token ids, then token vectors from either the numpy forward pass (fp32, from safetensors) or
onnxruntime (Python) on a given ONNX file, then the package's pooling and L2 normalisation."""
import functools

import numpy as np
from tokenizers import Tokenizer


def encode(tokenizer_file, texts, max_length):
    tokenizer = Tokenizer.from_file(tokenizer_file)
    # tokenizer.json of these packages carries truncation at 128 tokens; sentence-transformers truncates at its
    # max_seq_length instead, and so does md-vector (tokenizer_config's model_max_length).
    tokenizer.enable_truncation(max_length)
    tokenizer.no_padding()
    encoded = tokenizer.encode_batch(texts)
    width = max(len(item.ids) for item in encoded)
    pad = lambda rows: np.array([row + [0] * (width - len(row)) for row in rows], dtype=np.int64)
    return pad([e.ids for e in encoded]), pad([e.attention_mask for e in encoded]), pad([e.type_ids for e in encoded])


def pool(token_vectors, mask, pooling):
    if pooling == 'cls':
        pooled = token_vectors[:, 0]
    else:
        weights = mask[..., None].astype(np.float64)
        pooled = (token_vectors * weights).sum(1) / np.maximum(weights.sum(1), 1e-9)
    return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)


@functools.cache
def _session(onnx_file):
    import onnxruntime
    return onnxruntime.InferenceSession(onnx_file, providers=['CPUExecutionProvider'])


def onnx_token_vectors(onnx_file, ids, mask, types):
    session = _session(onnx_file)
    feeds = {'input_ids': ids, 'attention_mask': mask, 'token_type_ids': types}
    names = [i.name for i in session.get_inputs()]
    return session.run(['last_hidden_state'], {name: feeds[name] for name in names})[0].astype(np.float64)


def sentence_transformers_vectors(folder, texts):
    """The package's own embedding code, where sentence-transformers (and torch) are installed; else None."""
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:
        return None
    return SentenceTransformer(folder, device='cpu').encode(texts, normalize_embeddings=True).astype(np.float64)
