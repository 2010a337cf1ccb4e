import { describe, expect, it } from 'vitest';
import type { ResolvedRelation } from '../catalogue/index.ts';
import type { RelationRule } from '../schema/index.ts';
import { checkRelation, recordKey, type RelationAnswer } from './relation-rules.ts';

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
    expect(outcome).toEqual({ findings: [], checked: false, undecided: '{"x":1} fills its page: more records may match than it returns' });
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
