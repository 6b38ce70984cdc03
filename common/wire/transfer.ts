// Export formats of GET /export, as a type (named once in common/export-formats.ts).
export type {ExportFormat} from '../export-formats.js';
