/**
 * One table for every command, as rg, gh and npm use them: 0 done (a search that finds nothing is done),
 * 1 failed (daemon unreachable, something that does not exist, files that failed), 2 the command line or the
 * input was refused (unknown command or option, a missing or bad value, a request the daemon rejects as
 * invalid), 130 cancelled with Ctrl-C (128 + SIGINT).
 */
export const exitCodes = {ok: 0, failure: 1, usage: 2, cancelled: 130} as const;
