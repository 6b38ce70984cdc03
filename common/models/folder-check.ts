// A model folder checked before the daemon loads it: a missing folder or file is said with the setting that named
// it and the fix, instead of transformers.js's own error from deep inside its loader.
import {statSync} from 'node:fs';
import path from 'node:path';

/** The weights file of each precision md-vector loads. */
export const weightsFile = {q8: 'onnx/model_quantized.onnx', fp32: 'onnx/model.onnx'} as const;

export type Dtype = keyof typeof weightsFile;

export const dtypes = Object.keys(weightsFile) as Dtype[];

/** The rule of MD_VECTOR_MODEL_DTYPE, for its message. */
export const dtypeRule = 'q8 (onnx/model_quantized.onnx, the default) or fp32 (onnx/model.onnx)';

/** What the folder lacks to be loaded with this precision, in a few words; undefined when it has everything. */
export function folderProblem(folder: string, dtype: Dtype): string | undefined {
	try {
		if (!statSync(folder).isDirectory()) {
			return 'is a file, not a folder';
		}
	} catch {
		return 'does not exist';
	}

	const missing = ['config.json', 'tokenizer.json', weightsFile[dtype]].filter(file => {
		try {
			return !statSync(path.join(folder, file)).isFile();
		} catch {
			return true;
		}
	});
	return missing.length === 0 ? undefined : `is not a model folder: it has no ${missing.join(', ')}${missing.includes(weightsFile[dtype]) && dtype === 'fp32' ? ' (MD_VECTOR_MODEL_DTYPE=fp32 loads it; q8 loads onnx/model_quantized.onnx)' : ''}`;
}

/** MD_VECTOR_MODEL_DTYPE: q8 unless set; anything but q8 and fp32 is refused with the rule. */
export function dtypeFromEnv(env: NodeJS.ProcessEnv): Dtype {
	const text = env.MD_VECTOR_MODEL_DTYPE?.trim();
	if (text === undefined || text === '') {
		return 'q8';
	}

	if (!dtypes.includes(text as Dtype)) {
		throw new Error(`MD_VECTOR_MODEL_DTYPE must be ${dtypeRule}, got '${env.MD_VECTOR_MODEL_DTYPE}'`);
	}

	return text as Dtype;
}
