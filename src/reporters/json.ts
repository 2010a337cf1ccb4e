// The JSON report: the RunResult itself (schema `RunResultSchema`, versioned by `schemaVersion`). It is written
// in pieces (the run's fields, then each case as it finishes) that join into exactly `JSON.stringify(result, null, 2)`.
import { randomBytes } from 'node:crypto';
import type { CaseResult, RunResult } from '../model/index.ts';

/** Renders the run as pretty-printed JSON (2-space indent, trailing newline); `readReport` reads it back. */
export function renderJson(result: RunResult): string {
  const { open, close } = renderJsonFrame(result, result.cases.length);
  return `${open}${result.cases.map(renderJsonCase).join(',\n')}${close}`;
}

/** One case as it stands in the report's `cases` array: indented 4 spaces, no separator. */
export function renderJsonCase(result: CaseResult): string {
  // why: rendered inside a wrapper, the case comes out indented as in the report, with no second pass over its text
  const text = JSON.stringify({ c: [result] }, null, 2);
  return text.slice(CASE_WRAPPER_OPEN.length, text.length - CASE_WRAPPER_CLOSE.length);
}

const CASE_WRAPPER_OPEN = '{\n  "c": [\n';
const CASE_WRAPPER_CLOSE = '\n  ]\n}';

/**
 * The text before and after the cases, for `count` cases: the cases' texts (`renderJsonCase`) go between,
 * joined by `,\n`. The run's own `cases` are ignored.
 */
export function renderJsonFrame(run: RunResult, count: number): { open: string; close: string } {
  // why: the cases' place is found by a marker no value can hold by chance, so the rest renders exactly as in the
  // whole document whatever the keys' order
  const marker = `cases:${randomBytes(12).toString('hex')}`;
  const text = `${JSON.stringify({ ...run, cases: marker }, null, 2)}\n`;
  const at = text.indexOf(`"${marker}"`);
  const before = text.slice(0, at);
  const after = text.slice(at + marker.length + 2);
  return count === 0 ? { open: `${before}[]`, close: after } : { open: `${before}[\n`, close: `\n  ]${after}` };
}
