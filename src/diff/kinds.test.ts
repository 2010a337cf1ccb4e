import { describe, expect, it } from 'vitest';
import type { DifferenceRecord } from '../schema/baseline.ts';
import type { PairResult } from '../schema/diff-report.ts';
import { findSharedDifferences } from './kinds.ts';

function pair(id: string, differences: PairResult['differences']): PairResult {
  return { id, request: '', outcome: differences.length === 0 ? 'agree' : 'differ', rules: [], differences, a: { curl: '' }, b: { curl: '' } };
}

const info: DifferenceRecord = { kind: 'field-changed', path: '/result/fields/3/info', message: 'info changed' };
const title: DifferenceRecord = {
  kind: 'record-changed',
  path: '/result/records',
  message: 'record _id=2 changed',
  changes: [{ field: 'title', expected: 'a', actual: 'b' }],
};

describe('findSharedDifferences', () => {
  it('reports a difference every differing pair shows once, with the rule that hides it', () => {
    const pairs = [pair('a', [info, title]), pair('b', [{ ...info, path: '/result/fields/1/info' }]), pair('c', [])];
    expect(findSharedDifferences(pairs)).toEqual([
      { kind: 'field-changed /result/fields/*/info', pairs: 2, normalise: "normalise: { ignore: ['/result/fields/*/info'] }" },
    ]);
  });

  it('suggests ignoring the changed fields of every record, and nothing for a single differing pair', () => {
    expect(findSharedDifferences([pair('a', [title]), pair('b', [title])])[0]).toMatchObject({ kind: 'record-changed /result/records title' });
    expect(findSharedDifferences([pair('a', [title]), pair('b', [title])])[0]?.normalise).toBe("normalise: { ignore: ['/result/records/*/title'] }");
    expect(findSharedDifferences([pair('a', [title])])).toEqual([]);
  });

  it('leaves a difference of the few pairs one bug reaches to those pairs: shared only when most answers show it', () => {
    const agreeing = Array.from({ length: 8 }, (_, i) => pair(`ok${i}`, []));
    expect(findSharedDifferences([pair('a', [title]), pair('b', [title]), ...agreeing])).toEqual([]);
    expect(findSharedDifferences([pair('a', [title]), pair('b', [title]), ...agreeing.slice(0, 2)])).toHaveLength(1);
  });
});
