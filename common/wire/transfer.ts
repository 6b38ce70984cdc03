// Export formats of GET /export, as a type (the daemon's list of them checks against it).
export type ExportFormat = 'json' | 'jsonl' | 'csv' | 'md';
