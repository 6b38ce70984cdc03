// Records what the model catalogue pins (common/models/catalogue.ts) that md-vector computes itself:
//   node dist/tools/model-reference.js              the size and SHA-256 of config.json and tokenizer_config.json
//                                                   as md-vector writes them for each model
//   node dist/tools/model-reference.js FOLDER       the reference cosines of a real model's folder (named after the
//                                                   model: its name picks pooling), through the daemon's loading code
import {createHash} from 'node:crypto';
import path from 'node:path';
import {catalogue} from '../common/models/catalogue.js';
import {writtenFiles} from '../common/models/written-files.js';
import {referenceCosines} from '../daemon/models/reference-check.js';

const folder = process.argv[2];
if (folder) {
	const {cosines, dims} = await referenceCosines(path.resolve(folder));
	console.log(JSON.stringify({folder: path.resolve(folder), dims, cosines: cosines.map(value => Number(value.toFixed(4)))}));
} else {
	for (const model of catalogue) {
		for (const [file, text] of Object.entries(writtenFiles(model))) {
			console.log(`${model.name} ${file} ${Buffer.byteLength(text)} ${createHash('sha256').update(text).digest('hex')}`);
		}
	}
}
