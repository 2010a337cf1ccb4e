// The JSON report: the RunResult itself (schema `RunResultSchema`, versioned by `schemaVersion`).
import type { RunResult } from '../model/index.ts';

/** Renders the run as pretty-printed JSON (2-space indent, trailing newline); `readReport` reads it back. */
export function renderJson(result: RunResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
