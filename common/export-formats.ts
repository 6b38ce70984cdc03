// The formats of an export, named once: the API's `format` (common/requests/transfer.ts), the command's -f and
// the engine's writers (engine/export/) all take these.
export type ExportFormat = 'json' | 'jsonl' | 'csv' | 'md';

/** Every format, each once: the record's type makes a missing or unknown one an error. */
const formats: Record<ExportFormat, true> = {json: true, jsonl: true, csv: true, md: true};
export const exportFormats = Object.keys(formats) as ExportFormat[];
/** The format of an export that names none. */
export const defaultExportFormat: ExportFormat = 'json';
