// Paged, resumable batch extracts of a resource or an SQL query to files (csv, tsv, jsonl, json, parquet: one
// registry, formats.ts), every value checked against its column's type, with a checkpoint for --resume and a
// manifest beside each output. Job files list many extracts.
export { runExtract } from './extract.ts';
export { streamExtract, type StreamedExtract, type TextSink } from './stream.ts';
export { loadJobFile, resolveJob } from './job.ts';
export { apiOptionLabel, resolveExtractOptions, toExtractSpec, type ExtractOptionValues } from './options.ts';
export { expandTemplate } from './template.ts';
export { findCompletedOutput } from './previous.ts';
export { pruneDatedOutputs } from './prune.ts';
export type { JobItem } from './job.ts';
export { checkpointPath, partPath } from './checkpoint.ts';
export type { ExtractHttpOptions, ExtractListener, ExtractSpec } from './types.ts';
export type { ExtractTarget } from './api.ts';
export { ActionCallError, callAction } from './api.ts';
export { JsonNumber, parseLossless, stringifyLossless, type LosslessValue } from './lossless-json.ts';
