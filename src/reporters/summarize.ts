// Counting case results lives beside the report schema (the runner counts too); the reporters' names for it.
export { summarize, summarizeBaselines, countApplied, createCounts, hasFailures } from '../schema/report-counts.ts';
