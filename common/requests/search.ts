// POST /search and the MCP search tool: the body is the search contract's (common/search-contract.ts, where its
// limits and defaults are), listed here beside every other request.
export {searchBody, type SearchBody} from '../search-contract.js';
