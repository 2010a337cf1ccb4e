// Sends a variant's related requests and checks its relation (relation-rules.ts) against the variant's answer.
import type { ResolvedRequest } from '../catalogue/index.ts';
import { HttpError } from '../http/index.ts';
import type { Finding } from '../model/index.ts';
import { isPlainObject, toCanonicalJson } from '../util/json.ts';
import { buildRequest } from './build-request.ts';
import { readReturnedRecords } from './order-check.ts';
import { checkRelation, type RelationAnswer, type RelationOutcome } from './relation-rules.ts';
import type { RunCollaborators, RunOptions, RunVariant } from './types.ts';

/** The relation's verdict, or a case error when a related request could not be exercised. */
export type RelationResult = RelationOutcome | { error: { code: string; message: string } };

/** Sends the related requests of `variant` one after the other and checks its relation with `body`, its answer. */
export async function checkVariantRelation(variant: RunVariant, body: unknown, options: RunOptions, collaborators: RunCollaborators): Promise<RelationResult> {
  const relation = variant.relation;
  if (relation === undefined) return { findings: [], checked: false };
  const main = decodeAnswer(body, variant.request, '', relation.pins?.[0]);
  if (typeof main === 'string') return { findings: [], checked: false };
  const related: RelationAnswer[] = [];
  for (const [index, request] of relation.requests.entries()) {
    const label = describeRelated(request, variant.request);
    const http = buildRequest({ ...variant, request }, options.targetUrl, options.token);
    try {
      const response = await collaborators.client.send(options.signal === undefined ? http : { ...http, signal: options.signal });
      const answer =
        response.status < 300 ? decodeAnswer(parse(response.body), request, label, relation.pins?.[index + 1]) : `answered HTTP ${response.status}`;
      if (typeof answer === 'string') return unanswered(relation.rule, relation.clause, `the related request ${label} ${answer} (${http.method} ${http.url})`);
      related.push(answer);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { error: { code: error.code, message: `related request ${label}: ${error.message}` } };
    }
  }
  return checkRelation(relation, main, related);
}

function unanswered(rule: string, clause: string, message: string): RelationOutcome {
  const finding: Finding = { rule: `relation.${rule}`, path: '', message: `${message}; the relation (${clause}) cannot be checked` };
  return { findings: [finding], checked: true };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The records of a successful answer, with whether they are all that match; else why not (a message part). */
function decodeAnswer(body: unknown, request: ResolvedRequest, label: string, pins: readonly string[] | undefined): RelationAnswer | string {
  if (!isPlainObject(body) || body['success'] !== true || !isPlainObject(body['result'])) return 'did not answer a success';
  const returned = readReturnedRecords(body);
  if (returned === undefined) return 'answered no result.records array';
  const result = body['result'];
  const params = request.params ?? {};
  const total = typeof result['total'] === 'number' ? result['total'] : undefined;
  const answer: RelationAnswer = { label, records: returned.records, complete: isComplete(request.action, params, result, returned.records.length) };
  if (total !== undefined) answer.total = total;
  const fields = readFields(params['fields']);
  if (fields !== undefined) answer.fields = fields;
  if (pins !== undefined && pins.length > 0) answer.pins = pins;
  return answer;
}

/** Whether the records are all that match: all of `total`, a page shorter than its limit, or an SQL answer not cut. */
function isComplete(action: string, params: Readonly<Record<string, unknown>>, result: Record<string, unknown>, returned: number): boolean {
  if (result['records_truncated'] === true) return false;
  if (action === 'datastore_search_sql') return true;
  const offset = toCount(params['offset']) ?? 0;
  if (typeof result['total'] === 'number') return offset + returned >= result['total'];
  const limit = toCount(params['limit']) ?? toCount(result['limit']) ?? 100;
  return returned < limit;
}

function toCount(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** `fields` as a list: a list of names or one comma-separated string (as CKAN reads it). */
function readFields(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.split(',').map((f) => f.trim());
  if (Array.isArray(value) && value.every((f) => typeof f === 'string')) return value;
  return undefined;
}

/** What the related request changes: `{"offset":5}`, `datastore_search_sql {"sql":"..."}`; a removed key shows null. */
function describeRelated(request: ResolvedRequest, own: ResolvedRequest): string {
  const mine = request.params ?? {};
  const theirs = own.params ?? {};
  const changed: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    if (toCanonicalJson(mine[key]) !== toCanonicalJson(theirs[key])) changed[key] = key in mine ? mine[key] : null;
  }
  const text = JSON.stringify(changed);
  return request.action === own.action ? text : `${request.action} ${text}`;
}
