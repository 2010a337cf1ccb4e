// What a disagreement between the mirror (A, CKAN's behaviour on the target's data) and the target (B) means. Every
// difference is one from CKAN; it also breaks the API description when the request is one the description covers
// (with the capabilities the profile claims) and the target's answer loses, adds or changes records, puts them out
// of a claimed sort, refuses the request or miscounts a claimed total. Text search is CKAN's (English stemming,
// stop words): for a target that does not claim CKAN, q breaks the description only when a record lacks a word of
// q, or a record holding every word of q as a word is missing.
import type { ResponseSnapshot } from '../compare/index.ts';
import type { ComparedPair } from '../diff/index.ts';
import type { DifferenceRecord } from '../schema/baseline.ts';
import { isPlainObject, showJson, toCanonicalJson } from '../util/json.ts';
import { getChild } from '../util/json-pointer.ts';
import { CLAUSES, coveredClauses, readRequest, type ReadRequest } from './clauses.ts';
import { CKAN_ONLY_FIELD, isCut, judgeTextSearch, type Break, type BreakCategory } from './text-search.ts';

/** What one compared pair shows. */
export interface TwinJudgement {
  /** The API description (with the claimed capabilities) covers the request. */
  covered: boolean;
  /** The answers differ (from CKAN's, the mirror's). */
  differs: boolean;
  /** The break of the API description, if the difference is one. */
  api?: { category: BreakCategory; clauses: string[]; reason: string } | undefined;
  /** The mirror gave no answer: the pair says nothing. */
  mirrorError?: string | undefined;
  /** Both answers, cut short, for the report. */
  excerpts?: { a: string; b: string } | undefined;
}

/** What the judge knows of the target. */
export interface JudgeContext {
  /** The profile's capabilities. */
  claims: ReadonlySet<string>;
  /** The target claims CKAN (profile `ckan`, or status_show names a version): every difference fails. */
  claimsCkan: boolean;
  /** Columns of numeric types (a filter given as a string there is CKAN 3.4's). */
  numericFields: ReadonlySet<string>;
  /** The target's base URL (side B). */
  targetUrl: string;
}

const EXCERPT_CHARS = 400;

const succeeded = (snapshot: ResponseSnapshot): boolean => snapshot.status === 200 && getChild(snapshot.body, 'success') === true;

/** Judges a compared pair (A the mirror, B the target). */
export function judgePair(compared: ComparedPair, context: JudgeContext): TwinJudgement {
  const { result, answers } = compared;
  const request = readRequest(compared.pair.b, context.targetUrl);
  const clauses = request === undefined ? undefined : coveredClauses(request, context.claims, context.numericFields);
  const covered = clauses !== undefined;
  if (result.outcome === 'error') {
    if (result.a.error !== undefined) return { covered, differs: false, mirrorError: result.a.error };
    const api = covered ? { category: 'refused' as const, clauses, reason: `the target gave no answer: ${result.b.error ?? ''}` } : undefined;
    return { covered, differs: true, api };
  }
  if (result.outcome === 'agree' || answers === undefined) return { covered, differs: false };
  const excerpts = { a: showJson(answers.a.body, EXCERPT_CHARS), b: showJson(answers.b.body, EXCERPT_CHARS) };
  const judged: TwinJudgement = { covered, differs: true, excerpts };
  if (clauses === undefined || request === undefined || !succeeded(answers.a)) return judged;
  if (!succeeded(answers.b)) {
    const error = getChild(answers.b.body, 'error');
    return {
      ...judged,
      api: { category: 'refused', clauses, reason: `the target refused it: HTTP ${answers.b.status} ${showJson(error ?? answers.b.body, 160)}` },
    };
  }
  const input = { request, context, mirror: answers.a };
  // why: records without `_id` are matched by position; where the description promises no order, which records came
  // back is what counts, so they are compared as a multiset instead
  const unordered = request.params['sort'] === undefined && result.differences.some((d) => d.kind.startsWith('record-') && d.key?.startsWith('#') === true);
  const found = overLimit(answers, request) ?? (unordered ? multisetBreak(answers.b, input) : firstBreak(result.differences, input));
  return found === undefined ? judged : { ...judged, api: { ...found, clauses: [...new Set([...clauses, ...(found.clauses ?? [])])] } };
}

/** More records than the limit asked (or the mirror's default, CKAN's rows_default): api.md 4.1's limit broken. */
function overLimit(answers: { a: ResponseSnapshot; b: ResponseSnapshot }, request: ReadRequest): Break | undefined {
  if (request.action !== 'datastore_search') return undefined;
  const asked = Number(request.params['limit'] ?? getChild(getChild(answers.a.body, 'result'), 'limit'));
  const records = getChild(getChild(answers.b.body, 'result'), 'records');
  if (!Number.isInteger(asked) || !Array.isArray(records) || records.length <= asked) return undefined;
  return { category: 'records', reason: `the target answered ${records.length} records for limit ${asked}`, clauses: [CLAUSES.limit] };
}

/** Which break is reported when a pair shows several: the records first, the total last (it follows from them). */
const CATEGORY_ORDER: readonly BreakCategory[] = ['refused', 'records', 'values', 'order', 'total'];

function firstBreak(differences: readonly DifferenceRecord[], input: BreakInput): Break | undefined {
  const found = differences.map((difference) => breakOf(difference, input)).filter((b) => b !== undefined);
  return found.sort((x, y) => CATEGORY_ORDER.indexOf(x.category) - CATEGORY_ORDER.indexOf(y.category))[0];
}

/** The records of an answer without the fields only CKAN adds, each as canonical JSON. */
function recordTexts(snapshot: ResponseSnapshot): Map<string, { record: unknown; count: number }> {
  const records = getChild(getChild(snapshot.body, 'result'), 'records');
  const texts = new Map<string, { record: unknown; count: number }>();
  for (const record of Array.isArray(records) ? records : []) {
    const kept = isPlainObject(record) ? Object.fromEntries(Object.entries(record).filter(([field]) => !CKAN_ONLY_FIELD.test(field))) : record;
    const text = toCanonicalJson(kept);
    texts.set(text, { record: kept, count: (texts.get(text)?.count ?? 0) + 1 });
  }
  return texts;
}

/** The break in records compared as multisets (the target's against the mirror's), judged as recordOf judges one. */
function multisetBreak(target: ResponseSnapshot, input: BreakInput): Break | undefined {
  const [mirror, served] = [recordTexts(input.mirror), recordTexts(target)];
  const differences: DifferenceRecord[] = [];
  for (const [text, { record, count }] of served) {
    if (count > (mirror.get(text)?.count ?? 0))
      differences.push({ kind: 'record-added', path: '/result/records', message: `record added: ${showJson(record, 120)}`, actual: record });
  }
  const cutDistinct = input.request.params['distinct'] !== undefined && isCut(input.mirror);
  for (const [text, { record, count }] of mirror) {
    if (count > (served.get(text)?.count ?? 0) && !cutDistinct)
      differences.push({ kind: 'record-removed', path: '/result/records', message: `record removed: ${showJson(record, 120)}`, expected: record });
  }
  return firstBreak(differences, input);
}

interface BreakInput {
  request: ReadRequest;
  context: JudgeContext;
  mirror: ResponseSnapshot;
}

function breakOf(difference: DifferenceRecord, input: BreakInput): Break | undefined {
  const { request, context } = input;
  const q = request.params['q'];
  const textSearch = typeof q === 'string' && q !== '' && !context.claimsCkan;
  switch (difference.kind) {
    case 'record-added':
    case 'record-removed':
      if (textSearch) return judgeTextSearch(difference, q, { fieldsGiven: request.params['fields'] !== undefined, mirror: input.mirror });
      return { category: 'records', reason: difference.message };
    case 'record-changed': {
      const changed = (difference.changes ?? []).filter((change) => !CKAN_ONLY_FIELD.test(change.field));
      return difference.changes !== undefined && changed.length === 0 ? undefined : { category: 'values', reason: difference.message };
    }
    case 'record-order':
      return request.params['sort'] !== undefined && context.claims.has('sort') ? { category: 'order', reason: difference.message } : undefined;
    case 'total':
      return context.claims.has('total') && !textSearch ? { category: 'total', reason: difference.message, clauses: [CLAUSES.total] } : undefined;
    default:
      return undefined;
  }
}

/** The kind a shrink keeps: the break's category, else (for a target that claims CKAN) the difference's first kind. */
export function failureKind(judgement: TwinJudgement, compared: ComparedPair, claimsCkan: boolean): string | undefined {
  if (judgement.api !== undefined) return `api ${judgement.api.category}`;
  if (!claimsCkan || !judgement.differs) return undefined;
  const first = compared.result.differences[0];
  return first === undefined ? 'ckan no-answer' : `ckan ${first.kind}`;
}
