/** Header in which md-vector's own clients send the token they read from the discovery record (no crypto here: the CLI loads this). */
export const localTokenHeader = 'x-md-vector-local';
