/** Sent by `md-vector mcp --read-only`: the daemon then offers that connection no write tools. */
export const readOnlyHeader = 'x-md-vector-read-only';
