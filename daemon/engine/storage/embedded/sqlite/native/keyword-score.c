/*
 * md_bm25(fts_table, K, w_1 .. w_columns, phrase_1, v_1, phrase_2, v_2, ...): an FTS5 auxiliary function answering
 * a row's BM25 score, the sum over the pairs of v · f / (f + K), where f is the phrase's instances in the row, each
 * counted at its column's weight w, and K = k1 · (1 − b + b · D / avgdl) for the row (computed by the caller from
 * its own lengths). md-vector's keyword steps call it once a row (keyword-steps.ts). FTS5's bm25() gives f only
 * inside its own score, which it computes after looking the row's size up in its docsize table, for every phrase
 * of the query: 0.55 us a row on a 2-core Xeon, several times this (bench/RESULTS.md, issue 37).
 * Built by tools/build-sqlite-extension.ts against better-sqlite3's own SQLite headers; loaded by native-scoring.ts.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

#define MAX_COLUMNS 16

static void keywordScore(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count, sqlite3_value **values) {
	int columns = api->xColumnCount(fts);
	int phrases = api->xPhraseCount(fts);
	if (columns > MAX_COLUMNS || count < 1 + columns || (count - 1 - columns) % 2 != 0) {
		sqlite3_result_error(context, "md_bm25: takes K, a weight per column, then (phrase, weight) pairs", -1);
		return;
	}

	double k = sqlite3_value_double(values[0]);
	double weights[MAX_COLUMNS];
	for (int column = 0; column < columns; column++) {
		weights[column] = sqlite3_value_double(values[1 + column]);
	}

	double score = 0;
	for (int index = 1 + columns; index < count; index += 2) {
		int phrase = sqlite3_value_int(values[index]);
		if (phrase < 0 || phrase >= phrases) {
			sqlite3_result_error(context, "md_bm25: no such phrase in the query", -1);
			return;
		}

		Fts5PhraseIter iterator;
		int column = -1;
		int offset = -1;
		double frequency = 0;
		int code = api->xPhraseFirst(fts, phrase, &iterator, &column, &offset);
		if (code != SQLITE_OK) {
			sqlite3_result_error_code(context, code);
			return;
		}

		for (; column >= 0; api->xPhraseNext(fts, &iterator, &column, &offset)) {
			frequency += weights[column];
		}

		if (frequency > 0) {
			score += sqlite3_value_double(values[index + 1]) * frequency / (frequency + k);
		}
	}

	sqlite3_result_double(context, score);
}

/* The connection's FTS5 API, as the SQLite documentation says to get it (SELECT fts5(?1) with a bound pointer). */
static fts5_api *ftsApi(sqlite3 *db) {
	fts5_api *api = 0;
	sqlite3_stmt *statement = 0;
	if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0) == SQLITE_OK) {
		sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
		sqlite3_step(statement);
	}

	sqlite3_finalize(statement);
	return api;
}

/* The entry point SQLite derives from the file's name, keyword-score.so. */
#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_keywordscore_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
	SQLITE_EXTENSION_INIT2(routines);
	fts5_api *api = ftsApi(db);
	if (api == 0 || api->iVersion < 2) {
		*error = sqlite3_mprintf("md_bm25: this SQLite has no FTS5");
		return SQLITE_ERROR;
	}

	return api->xCreateFunction(api, "md_bm25", 0, keywordScore, 0);
}
