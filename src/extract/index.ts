// Paged, resumable batch extracts of a resource or an SQL query to files (csv, tsv, jsonl, json), with a
// checkpoint for --resume and a manifest beside each output. Job files list many extracts.
export { runExtract } from './extract.ts';
export { loadJobFile, resolveJob, expandTemplate } from './job.ts';
export type { JobItem } from './job.ts';
export { checkpointPath, partPath } from './checkpoint.ts';
export { EXTRACT_DEFAULTS } from './types.ts';
export type { ExtractHttpOptions, ExtractListener, ExtractSpec } from './types.ts';
export type { ExtractTarget } from './api.ts';
