// Requests from real traffic (`--requests FILE`): HAR files, JSON lines (the kit's recordings, or
// `{method, url|path, body}`) and access logs (common/combined log format) read as the read action calls they
// hold, streamed, deduplicated and sampled with a seed, credentials dropped; and the resources each one reads.
export type { ReadRequest, TrafficRequest } from './types.ts';
export { readTrafficFile, type TrafficRead } from './collect.ts';
export { parseTraffic } from './parse.ts';
export { listResourceIds, mapResourceIds } from './resources.ts';
export { decodePart } from './api-target.ts';
