import { describe, expect, it } from 'vitest';
import type { ResolvedRelation } from '../catalogue/index.ts';
import type { RelationRule } from '../schema/index.ts';
import { checkRelation, type RelationAnswer } from './relation-rules.ts';
import { recordKey } from './relation-records.ts';

const a = { id: 1, stage: 'A', n: 3 };
const b = { id: 2, stage: 'B', n: 1 };
const c = { id: 3, stage: 'A', n: 2 };

function answer(records: unknown[], extra: Partial<RelationAnswer> = {}): RelationAnswer {
  return { label: '{"x":1}', records, complete: true, ...extra };
}

function relation(rule: RelationRule, field?: string): ResolvedRelation {
  return { rule, clause: 'api.md#4.1/filters-rule-1', requests: [], ...(field === undefined ? {} : { field }) };
}

describe('checkRelation', () => {
  it.each([
    ['union', [a, b, c], [[a, c], [b]], undefined, true],
    ['union', [a, c], [[a, c], [b]], undefined, false],
    ['union', [c, b, a], [[a, c], [b]], undefined, true],
    [
      'subset',
      [a],
      [
        [a, c],
        [a, b],
      ],
      undefined,
      true,
    ],
    [
      'subset',
      [a, b],
      [
        [a, c],
        [a, b],
      ],
      undefined,
      false,
    ],
    ['equal', [b, a], [[a, b]], undefined, true],
    ['equal', [a], [[a, b]], undefined, false],
    ['tiles', [a, b, c], [[a], [b, c]], undefined, true],
    [
      'tiles',
      [a, b, c],
      [
        [a, b],
        [a, b],
      ],
      undefined,
      false,
    ],
    ['reversed', [b, c, a], [[a, c, b]], 'n', true],
    ['reversed', [b, c, a], [[b, c, a]], 'n', false],
    ['projects', [{ stage: 'A' }, { stage: 'B' }], [[a, b]], undefined, true],
    ['projects', [{ stage: 'A' }, { stage: 'A' }], [[a, b]], undefined, false],
    ['counts', [{ n: '2' }], [[a, c]], undefined, true],
    ['counts', [{ n: 3 }], [[a, c]], undefined, false],
  ] as const)('%s of %j and %j (field %s) holds: %s', (rule, main, related, field, holds) => {
    const fields = rule === 'projects' ? { fields: ['stage'] } : {};
    const outcome = checkRelation(
      relation(rule, field),
      answer([...main], fields),
      related.map((r) => answer([...r])),
    );
    expect(outcome.findings.length === 0).toBe(holds);
    expect(outcome.checked).toBe(true);
    for (const finding of outcome.findings) {
      expect(finding.rule).toBe(`relation.${rule}`);
      expect(finding.message).toContain('(api.md#4.1/filters-rule-1)');
    }
  });

  it('decides nothing when an answer may hold only part of its records', () => {
    const outcome = checkRelation(relation('union'), answer([a]), [answer([a], { complete: false }), answer([])]);
    expect(outcome).toEqual({
      findings: [],
      checked: false,
      undecided: '{"x":1} filled its page of 1 record (no result.total), so more records may match than it returns',
    });
  });

  it.each([
    [
      'a full page, with its total and the value to pin',
      'union',
      answer(
        Array.from({ length: 1000 }, (_, id) => ({ id })),
        { label: '', complete: false, total: 1812, pins: ['categoryValue', 'otherCategoryValue'] },
      ),
      [answer([a]), answer([b])],
      "the case's answer filled its page (1,000 of 1,812 records), so more records match than it returns; pin a value in fewer records with --value categoryValue=VALUE or --value otherCategoryValue=VALUE",
    ],
    [
      'no record in the case answer of a subset',
      'subset',
      answer([], { label: '', pins: ['categoryValue', 'secondValue'] }),
      [answer([a]), answer([b])],
      "the case's answer holds no record; pin a value found in records with --value categoryValue=VALUE or --value secondValue=VALUE",
    ],
    [
      'no record in the related answers of a union',
      'union',
      answer([]),
      [answer([], { pins: ['categoryValue'] }), answer([])],
      '{"x":1} and {"x":1} hold no record; pin a value found in records with --value categoryValue=VALUE',
    ],
    ['one record to page through', 'tiles', answer([a]), [answer([a]), answer([])], 'the pages hold 1 record: too few to show an order'],
    [
      'one value to sort by',
      'reversed',
      answer([a, a], { label: '' }),
      [answer([a, a])],
      "every record of the case's answer has the same n (3): no order to reverse",
    ],
  ] as const)('says why it decided nothing: %s', (_what, rule, main, related, why) => {
    expect(checkRelation(relation(rule, 'n'), main, related)).toEqual({ findings: [], checked: false, undecided: why });
  });

  it('compares multisets when asked: a lost or repeated row shows, where sets agree', () => {
    const multiset = { ...relation('equal'), multiset: true };
    expect(checkRelation(relation('equal'), answer([a, a, b]), [answer([a, b])]).findings).toEqual([]);
    const [lost] = checkRelation(multiset, answer([a, b]), [answer([a, a, b])]).findings;
    expect(lost?.message).toBe(
      'the records must be those of the related request, each as often (api.md#4.1/filters-rule-1): 1 record of {"x":1} missing, e.g. {"id":1,"n":3,"stage":"A"}',
    );
    const [repeated] = checkRelation(multiset, answer([a, a, b]), [answer([a, b])]).findings;
    expect(repeated?.message).toContain('1 record not in {"x":1} (more often than there), e.g. {"id":1,"stage":"A","n":3}');
    expect(checkRelation({ ...relation('subset'), multiset: true }, answer([a, a]), [answer([a, b])]).findings[0]?.message).toContain(
      '1 record not returned by {"x":1} (as often)',
    );
  });

  it('counts from result.total when the related answer gives one', () => {
    expect(checkRelation(relation('counts'), answer([{ count: 40 }]), [answer([a], { total: 40, complete: false })]).findings).toEqual([]);
  });

  it('names the missing and the extra records of a union', () => {
    const [finding] = checkRelation(relation('union'), answer([a, { id: 9 }]), [answer([a]), answer([b])]).findings;
    expect(finding?.message).toBe(
      'the records must be those of the related requests together (api.md#4.1/filters-rule-1): 1 record of {"x":1} and {"x":1} missing, e.g. {"id":2,"n":1,"stage":"B"}; 1 record not in {"x":1} and {"x":1}, e.g. {"id":9}',
    );
  });

  it('leaves rank columns out of a record identity', () => {
    expect(recordKey({ id: 1, rank: 0.5, 'rank title': 0.1 })).toBe(recordKey({ id: 1 }));
  });
});
