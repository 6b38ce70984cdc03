import {json, type Answer} from './http.js';
import type {Tally} from './tally.js';

/** A stack frame, a source location or Node's internals in a body: what no answer may carry. */
const stackTrace = /\n\s+at |\bat (?:async )?[\w$.<>[\]]+ \(|\.[cm]?js:\d+:\d+|node:internal|node_modules\//;

/** The error body every non-2xx answer has: {"error": {"code": "<snake_case>", "message": "<text>"}}. */
export function isErrorBody(value: unknown): boolean {
	if (typeof value !== 'object' || value === null || Object.keys(value).join(',') !== 'error') {
		return false;
	}

	const {error} = value as {error: unknown};
	return typeof error === 'object' && error !== null
		&& typeof (error as {code?: unknown}).code === 'string' && /^[a-z][\da-z_]*$/.test((error as {code: string}).code)
		&& typeof (error as {message?: unknown}).message === 'string' && (error as {message: string}).message.length > 0;
}

/** A JSON-RPC error, the MCP transport's own answer to a malformed message. */
const isJsonRpcError = (value: unknown) => typeof value === 'object' && value !== null && (value as {jsonrpc?: unknown}).jsonrpc === '2.0' && typeof (value as {error?: {message?: unknown}}).error?.message === 'string';

export type Expectation = {
	/** The finding a failure of this request's own expectation belongs to. */
	readonly finding: string;
	/** A short name of the request, for reports (and the case id to replay it). */
	readonly label: string;
	/** Statuses this request must get (any, when absent). */
	readonly expect?: readonly number[];
	/** 5xx statuses that are correct here (503 while a model loads, 507 on a full disk). */
	readonly allow5xx?: readonly number[];
	/** MCP answers may be JSON-RPC errors instead of md-vector's error body. */
	readonly mcp?: boolean;
	/** HEAD and 204 answers have no body to check. */
	readonly noBody?: boolean;
};

/**
 * The rules every answer keeps, whatever was sent: an answer at all, no unexpected 5xx, the error body on every
 * non-2xx, no stack trace anywhere; then the request's own expected statuses.
 */
export function checkAnswer(tally: Tally, answer: Answer, rule: Expectation): void {
	tally.answered(answer.status);
	const where = `${rule.label} -> ${answer.status}${answer.error ? ` (${answer.error})` : ''} ${answer.text.slice(0, 300)}`;
	// No answer at all: the server died or dropped the connection (a parser error answered by closing it).
	tally.check(rule.finding === 'general' ? 'crash' : rule.finding, `every request gets an answer (${rule.finding})`, answer.status > 0, where);
	if (answer.status >= 500 && !rule.allow5xx?.includes(answer.status)) {
		tally.serverErrors++;
		tally.check(rule.finding === 'general' ? 'no-5xx' : rule.finding, `no unexpected 5xx (${rule.finding})`, false, where);
	}

	// Errors only: a search result's content is a document's text, which may quote a stack trace.
	const failed = answer.status >= 400 || (rule.mcp === true && answer.text.includes('"isError":true'));
	tally.check('no-stack', 'no stack trace or source path in an error body', !failed || !stackTrace.test(answer.text), where);
	if (answer.status >= 400 && !rule.noBody) {
		const body = json(answer);
		const parserError = answer.status === 400 || answer.status === 431 || answer.status === 413;
		const shaped = isErrorBody(body) || (rule.mcp === true && isJsonRpcError(body));
		tally.check(shaped || !parserError ? 'error-shape' : 'F-parser-error-bodies', `error body {"error": {"code", "message"}} on ${parserError ? 'parser errors (400/413/431)' : 'other errors'}`, shaped, where);
	}

	if (rule.expect) {
		tally.check(rule.finding, `expected status (${rule.finding})`, rule.expect.includes(answer.status), `${where} (expected ${rule.expect.join(' or ')})`);
	}
}
