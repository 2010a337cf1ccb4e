// Evaluates a case's `expect` block against one parsed response: pure, returns findings (empty = pass).
import type { Expect, Finding } from '../model/index.ts';
import { MATCHES_FLAGS } from '../catalogue/index.ts';
import { checkRecords } from './expect-records.ts';
import { checkResultMatches } from './expect-result.ts';
import { readReturnedRecords } from './order-check.ts';
import { isDeepEqual, isPlainObject, isSubset, showJson } from '../util/json.ts';
import { describeDiff, diffJson } from '../util/json-diff.ts';
import { escapePointerToken } from '../util/json-pointer.ts';

/** What the expectations look at. `body` is the parsed JSON body. */
export interface ObservedResponse {
  status: number;
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: unknown;
  /** The body as text, for `bodyMatches`. */
  text: string;
  /** The Content-Type header ("" when absent). */
  contentType: string;
  durationMs: number;
}

export interface ExpectOptions {
  /** Rule name prefix: "" for `expect`, "expectOnFixtures." for the fixtures-only block. */
  rulePrefix: string;
  /** The request's action parameters (for `atMostLimit`). */
  params: Readonly<Record<string, unknown>> | undefined;
}

/** Checks everything in `expect` except the contract (see contract-check.ts). */
export function checkExpect(expect: Expect, response: ObservedResponse, options: ExpectOptions): Finding[] {
  const p = options.rulePrefix;
  const out: Finding[] = [];
  const body = response.body;
  const result = isPlainObject(body) ? body['result'] : undefined;
  const error = isPlainObject(body) ? body['error'] : undefined;
  if (expect.status !== undefined && response.status !== expect.status) {
    const said = describeError(error);
    out.push(
      finding(`${p}status`, '', `expected HTTP ${expect.status}, got ${response.status}${said === '' ? '' : `: ${said}`}`, expect.status, response.status),
    );
  }
  if (expect.success !== undefined) {
    const actual = isPlainObject(body) ? body['success'] : undefined;
    if (actual !== expect.success) {
      out.push(finding(`${p}success`, '/success', `expected success ${expect.success}, got ${showJson(actual)}`, expect.success, actual));
    }
  }
  if (expect.errorType !== undefined) {
    const actual = isPlainObject(error) ? error['__type'] : undefined;
    if (actual !== expect.errorType) {
      out.push(
        finding(`${p}errorType`, '/error/__type', `expected error type ${showJson(expect.errorType)}, got ${showJson(actual)}`, expect.errorType, actual),
      );
    }
  }
  if (expect.error !== undefined && !isSubset(expect.error, error)) {
    out.push(subsetFinding(`${p}error`, '/error', expect.error, error));
  }
  if ('body' in expect && !isDeepEqual(expect.body, body)) {
    out.push(finding(`${p}body`, '', `body differs: ${describeDiff(diffJson(expect.body, body).entries)}`, expect.body, body));
  }
  if (expect.result !== undefined && !isSubset(expect.result, result)) {
    out.push(subsetFinding(`${p}result`, '/result', expect.result, result));
  }
  out.push(...checkResultParts(expect, result, options));
  if (expect.resultMatches !== undefined) out.push(...checkResultMatches(expect.resultMatches, result, p));
  if (expect.contentType !== undefined && !response.contentType.toLowerCase().startsWith(expect.contentType.toLowerCase())) {
    out.push(
      finding(`${p}contentType`, '', `Content-Type is "${response.contentType}", expected ${expect.contentType}`, expect.contentType, response.contentType),
    );
  }
  if (expect.bodyMatches !== undefined && !new RegExp(expect.bodyMatches, MATCHES_FLAGS).test(response.text)) {
    const head = response.text.length > 80 ? `${response.text.slice(0, 80)}…` : response.text;
    out.push(finding(`${p}bodyMatches`, '', `body does not match /${expect.bodyMatches}/: ${head}`, expect.bodyMatches, head));
  }
  if (expect.maxMs !== undefined && response.durationMs > expect.maxMs) {
    out.push(finding(`${p}maxMs`, '', `took ${Math.round(response.durationMs)} ms, budget ${expect.maxMs} ms`, expect.maxMs, response.durationMs));
  }
  return out;
}

/**
 * What a CKAN error answer said, for a status finding: `Validation Error: __extras: invalid value "limt"`,
 * `Not Found Error: Not found: Resource "x" was not found.`; '' when the body has no error object. The SQL
 * `info` (the statement CKAN ran) is left out.
 */
function describeError(error: unknown): string {
  if (!isPlainObject(error)) return typeof error === 'string' ? cut(error) : '';
  const type = typeof error['__type'] === 'string' ? error['__type'] : '';
  const text = (value: unknown): string =>
    Array.isArray(value) ? value.map(text).join('; ') : typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const parts = Object.entries(error)
    .filter(([key]) => key !== '__type' && key !== 'info')
    .map(([key, value]) => (key === 'message' ? text(value) : `${key}: ${text(value)}`));
  return cut([type, parts.join('; ')].filter((part) => part !== '').join(': '));
}

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

function checkResultParts(expect: Expect, result: unknown, options: ExpectOptions): Finding[] {
  const p = options.rulePrefix;
  const out: Finding[] = [];
  const res = isPlainObject(result) ? result : undefined;
  for (const key of expect.resultAbsent ?? []) {
    if (res !== undefined && Object.hasOwn(res, key)) {
      out.push(finding(`${p}resultAbsent`, `/result/${escapePointerToken(key)}`, `result has "${key}", which must be absent`, undefined, res[key]));
    }
  }
  if (expect.total !== undefined) out.push(...checkTotal(expect.total, res?.['total'], p));
  const fieldIds = readFieldIds(res?.['fields']);
  if (expect.fields !== undefined) out.push(...checkFields(expect.fields, res?.['fields'], p));
  if (expect.records !== undefined) {
    if (res === undefined || !('records' in res)) {
      const keys =
        res === undefined
          ? 'no result object'
          : `result has ${
              Object.keys(res)
                .map((k) => `"${k}"`)
                .join(', ') || 'no keys'
            }`;
      out.push(finding(`${p}records`, '/result/records', `result.records is missing (${keys})`));
    } else {
      const fieldTypes = readReturnedRecords({ result: res })?.types ?? {};
      out.push(
        ...checkRecords(expect.records, res['records'], {
          rule: `${p}records`,
          request: options.params,
          total: res['total'],
          resultLimit: res['limit'],
          fieldIds,
          fieldTypes,
        }),
      );
    }
  }
  return out;
}

function checkTotal(expected: number | { min?: number; max?: number }, actual: unknown, p: string): Finding[] {
  if (typeof actual !== 'number') {
    return [finding(`${p}total`, '/result/total', `result.total is ${showJson(actual)}, not a number`, expected, actual)];
  }
  if (typeof expected === 'number') {
    return actual === expected ? [] : [finding(`${p}total`, '/result/total', `expected total ${expected}, got ${actual}`, expected, actual)];
  }
  if ((expected.min !== undefined && actual < expected.min) || (expected.max !== undefined && actual > expected.max)) {
    const range = `${expected.min ?? '-∞'}..${expected.max ?? '∞'}`;
    return [finding(`${p}total`, '/result/total', `expected total in ${range}, got ${actual}`, expected, actual)];
  }
  return [];
}

function readFieldIds(fields: unknown): string[] | undefined {
  if (!Array.isArray(fields)) return undefined;
  const ids = fields.map((f) => (isPlainObject(f) && typeof f['id'] === 'string' ? f['id'] : undefined));
  return ids.every((id): id is string => id !== undefined) ? ids : undefined;
}

function checkFields(expected: readonly { id: string; type?: string }[], actual: unknown, p: string): Finding[] {
  const got = Array.isArray(actual) ? actual.map((f) => (isPlainObject(f) ? { id: f['id'], type: f['type'] } : f)) : actual;
  const ok =
    Array.isArray(got) &&
    got.length === expected.length &&
    expected.every((e, i) => {
      const g = got[i];
      return isPlainObject(g) && g['id'] === e.id && (e.type === undefined || g['type'] === e.type);
    });
  if (ok) return [];
  const show = (list: unknown): string =>
    Array.isArray(list)
      ? list.map((f) => (isPlainObject(f) ? `${String(f['id'])}${f['type'] === undefined ? '' : `:${String(f['type'])}`}` : showJson(f))).join(', ')
      : showJson(list);
  return [finding(`${p}fields`, '/result/fields', `expected fields [${show(expected)}], got [${show(got)}]`, expected, got)];
}

function subsetFinding(rule: string, path: string, expected: unknown, actual: unknown): Finding {
  return finding(rule, path, `does not contain the expected values: ${describeDiff(diffJson(expected, actual, { subset: true }).entries)}`, expected, actual);
}

function finding(rule: string, path: string, message: string, expected?: unknown, actual?: unknown): Finding {
  const out: Finding = { rule, path, message };
  if (expected !== undefined) out.expected = expected;
  if (actual !== undefined) out.actual = actual;
  return out;
}
