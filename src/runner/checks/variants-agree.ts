// Variants agreement: every variant of a case must return the same records; disagreeing ones get a finding.
import type { CaseResult, Finding } from '../../model/index.ts';
import { isVacuous } from '../../schema/index.ts';
import { isPlainObject, toCanonicalJson } from '../../util/json.ts';
import type { RunVariant } from '../types.ts';
import type { CaseCheck } from './types.ts';

/** Bodies already parsed while the variant ran, so agreement does not parse them again (nor miss a long one). */
const parsedBodies = new WeakMap<CaseResult, unknown>();

/** Remembers `body`, the parsed response of `result`, for checkVariantsAgree; returns `result`. */
export function rememberParsedBody(result: CaseResult, body: unknown): CaseResult {
  parsedBodies.set(result, body);
  return result;
}

/**
 * The records a successful exchange returned (undefined if not a success with records). A variant that checked
 * nothing still takes part: an empty answer where another variant has records is a disagreement, not a pass.
 */
function readRecords(result: CaseResult): unknown {
  const vacuous = isVacuous(result);
  if (result.status === 'error' || result.status === 'skipped' || (result.status === 'not-applicable' && !vacuous)) return undefined;
  const body = parsedBodies.has(result) ? parsedBodies.get(result) : parseReportBody(result);
  if (!isPlainObject(body) || body['success'] !== true || !isPlainObject(body['result'])) return undefined;
  return body['result']['records'];
}

// A result made elsewhere (a saved report, a test): its exchange's body, unless the report cut it.
function parseReportBody(result: CaseResult): unknown {
  const text = result.exchange?.response?.body;
  if (text === undefined || result.exchange?.response?.bodyTruncated === true) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Records as comparable text; unordered: the sorted texts of the records. */
function toKey(records: unknown, ordered: boolean): string | undefined {
  if (records === undefined) return undefined;
  if (!ordered && Array.isArray(records)) return toCanonicalJson(records.map(toCanonicalJson).sort());
  return toCanonicalJson(records);
}

/** A variant label for messages, e.g. `GET fr /api/3/action`. */
export function describeVariant(result: CaseResult): string {
  return `${result.variant.method} ${result.variant.locale ?? '-'} ${result.variant.apiPath}`;
}

/**
 * Compares the records of one case's variants. The largest group of equal answers (ties: the one holding the
 * earliest variant) is the reference; each variant outside it gets a `variants.agree` finding and fails.
 * Returns new results; inputs are not mutated.
 */
export function checkVariantsAgree(results: readonly CaseResult[], variants: readonly RunVariant[]): CaseResult[] {
  const ordered = variants[0]?.expect.records?.ordered !== false;
  const records = results.map(readRecords);
  // why: the same text is the same records in any mode, and JSON.stringify is native; the canonical texts (sorted
  // keys, and sorted records when unordered) are built only when the plain texts differ
  const plain = new Set(records.flatMap((r) => (r === undefined ? [] : [JSON.stringify(r)])));
  if (plain.size < 2) return [...results];
  const keys = records.map((r) => toKey(r, ordered));
  const groups = new Map<string, number[]>();
  keys.forEach((key, i) => {
    if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  if (groups.size < 2) return [...results];
  const reference = [...groups.values()].reduce((best, g) => (g.length > best.length ? g : best));
  const refIndex = reference[0] ?? 0;
  const refResult = results[refIndex];
  if (refResult === undefined) return [...results];
  return results.map((result, i) => {
    const key = keys[i];
    if (key === undefined || reference.includes(i)) return result;
    const finding: Finding = {
      rule: 'variants.agree',
      path: '/result/records',
      message: `records differ from variant ${describeVariant(refResult)} of the same case`,
      expected: records[refIndex],
      actual: records[i],
    };
    const { reason: _reason, ...rest } = result;
    const kept = result.status === 'not-applicable' ? rest : result;
    return { ...kept, status: 'fail', findings: [...result.findings, finding] };
  });
}

/** Applies to a case that declares variants, once all of them (two or more) have answered. */
export const variantsAgreeCheck: CaseCheck = {
  name: 'variantsAgree',
  when: 'all-variants',
  appliesTo: (variants, results) => variants[0]?.hasVariants === true && results.length > 1,
  check: (_context, results, variants) => checkVariantsAgree(results, variants),
};
