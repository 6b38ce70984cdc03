import {catalogueModel, catalogueNames, didYouMeanModel} from '../../../common/models/find-model.js';
import {oneOf} from '../../../common/one-of.js';
import {UsageError} from '../../client/client-errors.js';

/** The catalogue's name of the model NAME names (any case, or its hub id); refused with the nearest name. */
export function modelName(text: string): string {
	const model = catalogueModel(text);
	if (!model) {
		throw new UsageError(`NAME must be a model md-vector knows, ${oneOf(catalogueNames)} (md-vector model list), got '${text}'${didYouMeanModel(text)}`, 'invalid_value');
	}

	return model.name;
}
