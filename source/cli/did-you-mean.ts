// Loaded only when there is a mistake to report (../run-cli.ts): fastest-levenshtein stays out of the one-shot file.
export {didYouMean, nearest} from '../../common/did-you-mean.js';
export {oneOf} from '../../common/one-of.js';
