// The two small files of a model folder that md-vector writes itself, the same whichever source the weights came
// from (a jar carries no config): what transformers.js needs to load a BERT encoder and tokenize for it.
import type {CatalogueModel} from './catalogue-types.js';

/** config.json: the architecture (transformers.js picks BertModel by model_type; md-vector reads hidden_size as the dimension). */
export function configJson(model: Pick<CatalogueModel, 'dims' | 'layers'>): string {
	return JSON.stringify({
		architectures: ['BertModel'],
		model_type: 'bert',
		hidden_size: model.dims,
		num_hidden_layers: model.layers,
		num_attention_heads: 12,
		intermediate_size: model.dims * 4,
		hidden_act: 'gelu',
		vocab_size: 30_522,
		max_position_embeddings: 512,
		type_vocab_size: 2,
		pad_token_id: 0,
		layer_norm_eps: 1e-12,
	}, undefined, 1) + '\n';
}

/**
 * tokenizer_config.json: the tokenizer class, and model_max_length, which transformers.js truncates every input to
 * (it ignores tokenizer.json's own truncation: without this a long chunk would overflow the 512 positions).
 */
export function tokenizerConfigJson(model: Pick<CatalogueModel, 'maxTokens'>): string {
	return JSON.stringify({
		tokenizer_class: 'BertTokenizer',
		do_lower_case: true,
		model_max_length: model.maxTokens,
		cls_token: '[CLS]',
		sep_token: '[SEP]',
		pad_token: '[PAD]',
		unk_token: '[UNK]',
		mask_token: '[MASK]',
		clean_up_tokenization_spaces: true,
		tokenize_chinese_chars: true,
		strip_accents: null,
	}, undefined, 1) + '\n';
}

/** The files md-vector writes, by their path in the folder. */
export function writtenFiles(model: Pick<CatalogueModel, 'dims' | 'layers' | 'maxTokens'>): Record<string, string> {
	return {'config.json': configJson(model), 'tokenizer_config.json': tokenizerConfigJson(model)};
}
