import { describe, expect, it } from 'vitest';
import { compareSnapshots, type ResponseSnapshot } from '../compare/index.ts';
import type { ComparedPair } from '../diff/index.ts';
import { failureKind, judgePair, type JudgeContext } from './judge.ts';

const URL = 'http://127.0.0.1:5000';
const context: JudgeContext = { claims: new Set(['sort', 'total', 'fields']), claimsCkan: false, numericFields: new Set(), targetUrl: URL };

const answer = (records: unknown[], extra: Record<string, unknown> = {}): ResponseSnapshot => ({
  status: 200,
  body: { success: true, result: { records, limit: 100, total: records.length, ...extra } },
});

/** The pair for `params`, the mirror answering `a` and the target `b`, compared as diff compares them. */
function compared(params: Record<string, unknown>, a: ResponseSnapshot, b: ResponseSnapshot): ComparedPair {
  const { differences } = compareSnapshots(a, b);
  const request = { method: 'POST' as const, url: `${URL}/api/3/action/datastore_search`, body: JSON.stringify({ resource_id: 'r', ...params }) };
  return {
    pair: { id: 'x', request: '', a: request, b: request },
    result: { id: 'x', request: '', outcome: differences.length === 0 ? 'agree' : 'differ', rules: [], differences, a: { curl: '' }, b: { curl: '' } },
    answers: { a, b },
  };
}

const fog = { _id: 1, report: 'Fog lifting', rank: 0.06 };
const fogs = { _id: 2, report: 'patches of fogs', rank: 0.05 };
const rain = { _id: 3, report: 'Light rain', rank: 0.04 };
const strip = (record: Record<string, unknown>) => ({ _id: record['_id'], report: record['report'] });

describe('judgePair', () => {
  it("breaks the description when records are lost, added or changed, and names the request's clauses", () => {
    const judged = judgePair(compared({ filters: { kind: ['a', 'b'] } }, answer([strip(fog), strip(rain)]), answer([strip(fog)])), context);
    expect(judged.api).toMatchObject({ category: 'records', clauses: ['api.md#4.1/filters-rule-1'] });
    const changed = judgePair(compared({}, answer([{ _id: 1, station: 'Zürich' }]), answer([{ _id: 1, station: 'Z?rich' }])), context);
    expect(changed.api?.category).toBe('values');
  });

  it("judges a text search by the description's words, not CKAN's stemming and rank", () => {
    // the mirror stems fogs to fog; the target matches whole words only and adds no rank: no break
    const stemmed = judgePair(compared({ q: 'fog' }, answer([fog, fogs]), answer([strip(fog)])), context);
    expect([stemmed.differs, stemmed.api]).toEqual([true, undefined]);
    // a record holding every word of q left out, or one without the word added, breaks it
    expect(judgePair(compared({ q: 'fog' }, answer([fog]), answer([])), context).api?.category).toBe('records');
    expect(judgePair(compared({ q: 'fog' }, answer([fog]), answer([strip(fog), strip(rain)])), context).api?.reason).toMatch(/does not hold "fog"/);
    // a target that claims CKAN is held to CKAN's text search
    expect(judgePair(compared({ q: 'fog' }, answer([fog, fogs]), answer([fog])), { ...context, claimsCkan: true }).api?.category).toBe('records');
  });

  it('breaks limit when the target answers more records than asked, or than the default limit', () => {
    const judged = judgePair(compared({ limit: 1 }, answer([strip(fog)]), answer([strip(fog), strip(rain)])), context);
    expect(judged.api).toMatchObject({ category: 'records', reason: 'the target answered 2 records for limit 1', clauses: ['api.md#4.1/limit'] });
    const byDefault = judgePair(compared({}, answer([strip(fog)], { limit: 1 }), answer([strip(fog), strip(rain)])), context);
    expect(byDefault.api?.clauses).toEqual(['api.md#4.1/limit']);
  });

  it('compares records without _id as a multiset where no sort is asked', () => {
    const mirror = answer([{ kind: 'a' }, { kind: 'b' }], { fields: [{ id: 'kind' }] });
    expect(judgePair(compared({ fields: 'kind' }, mirror, answer([{ kind: 'b' }, { kind: 'a' }])), context).api).toBeUndefined();
    expect(judgePair(compared({ fields: 'kind' }, mirror, answer([{ kind: 'b' }, { kind: 'b' }])), context).api?.category).toBe('records');
  });

  it('holds the order of a claimed sort, and a claimed total; not an unclaimed one', () => {
    const sorted = judgePair(
      compared({ sort: 'report asc' }, answer([strip(fog), strip(rain)], { sort: 'report asc' }), answer([strip(rain), strip(fog)], { sort: 'report asc' })),
      context,
    );
    expect(sorted.api?.category).toBe('order');
    const total = compared({}, answer([strip(fog)]), { status: 200, body: { success: true, result: { records: [strip(fog)], limit: 100, total: 7 } } });
    expect(judgePair(total, context).api?.category).toBe('total');
    expect(judgePair(total, { ...context, claims: new Set() }).api).toBeUndefined();
  });

  it('counts a refusal of a covered request as a break, and differences of CKAN detail as differences only', () => {
    const refused = judgePair(compared({}, answer([strip(fog)]), { status: 409, body: { success: false, error: { message: 'no' } } }), context);
    expect(refused.api?.category).toBe('refused');
    const detail = compared({}, answer([strip(fog)], { _links: { start: '/x' } }), answer([strip(fog)]));
    expect([judgePair(detail, context).differs, judgePair(detail, context).api]).toEqual([true, undefined]);
    expect(failureKind(judgePair(detail, context), detail, false)).toBeUndefined();
    expect(failureKind(judgePair(detail, context), detail, true)).toBe('ckan body');
  });
});
