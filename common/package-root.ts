import {fileURLToPath} from 'node:url';

/** The installed package's root folder (this file is compiled to dist/common/). */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
