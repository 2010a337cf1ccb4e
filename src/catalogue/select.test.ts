import { describe, expect, it } from 'vitest';
import type { Case } from '../schema/case.ts';
import { selectCases } from './select.ts';
import type { LoadedCase } from './types.ts';

function loaded(id: string, title: string, tags: string[] = []): LoadedCase {
  const item: Case = { id, title, spec: ['x'], class: 'q', tags, request: { action: 'a' }, expect: {} };
  return { case: item, file: 'f.yaml', line: 1, column: 1 };
}

const cases = [
  loaded('search/limit', 'Limit caps records', ['search', 'smoke']),
  loaded('search/q/word', 'Full-text word', ['search', 'q']),
  loaded('sql/select', 'SQL select', ['sql']),
  loaded('errors/unknown-action', 'Unknown action is 400', ['errors', 'smoke']),
  loaded('searching', 'Prefix lookalike'),
];
const ids = (selected: readonly LoadedCase[]): string[] => selected.map((c) => c.case.id);

describe('selectCases', () => {
  it.each([
    ['no criteria', {}, ['search/limit', 'search/q/word', 'sql/select', 'errors/unknown-action', 'searching']],
    ['any of the tags', { tags: ['sql', 'smoke'] }, ['search/limit', 'sql/select', 'errors/unknown-action']],
    ['grep on the id', { grep: '^sql/' }, ['sql/select']],
    ['grep on the title', { grep: 'is 400$' }, ['errors/unknown-action']],
    ['an exact id', { ids: ['search/limit'] }, ['search/limit']],
    ['an id prefix at a / boundary', { ids: ['search'] }, ['search/limit', 'search/q/word']],
    ['all criteria together', { tags: ['smoke'], grep: 'Limit' }, ['search/limit']],
    ['a tag no case has, when allowed', { tags: ['nope'], allowUnknownTags: true }, []],
  ])('selects by %s', (_name, options, expected) => {
    expect(ids(selectCases(cases, options))).toEqual(expected);
  });

  it.each([1, 2, 3, 4, 7])('partitions the cases exactly into %i shards, balanced', (count) => {
    const many = Array.from({ length: 23 }, (_, i) => loaded(`c/${String((i * 7) % 23).padStart(2, '0')}`, 't'));
    const shards = Array.from({ length: count }, (_, i) => ids(selectCases(many, { shard: { index: i + 1, count } })));
    expect(shards.flat().sort()).toEqual(ids(many).sort());
    const sizes = shards.map((s) => s.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('keeps shards stable when files are reordered', () => {
    const reversed = [...cases].reverse();
    for (const index of [1, 2]) {
      const a = ids(selectCases(cases, { shard: { index, count: 2 } })).sort();
      const b = ids(selectCases(reversed, { shard: { index, count: 2 } })).sort();
      expect(b).toEqual(a);
    }
  });

  it.each([
    ['a bad regular expression', { grep: '(' }, '--grep is not a valid regular expression: ('],
    ['an id that matches nothing, with the nearest id', { ids: ['search/limt'] }, 'no case has id "search/limt" (did you mean search/limit?)'],
    ['a folder that matches nothing, with the nearest folder', { ids: ['serch'] }, 'no case has id "serch" (did you mean search?)'],
    ['an id far from every id, alone', { ids: ['zzzzzzzz'] }, 'no case has id "zzzzzzzz"'],
    ['a tag no case has, with the nearest tag', { tags: ['smoke', 'smok'] }, 'no case has tag "smok" (did you mean smoke?)'],
    ['a tag far from every tag, with the known tags', { tags: ['zzzzzzzz'] }, 'no case has tag "zzzzzzzz" (known: errors, q, search, smoke, sql)'],
    ['a shard index beyond the count', { shard: { index: 4, count: 3 } }, 'bad shard 4/3: expected i/n with 1 <= i <= n'],
    ['a zero shard count', { shard: { index: 0, count: 0 } }, 'bad shard 0/0: expected i/n with 1 <= i <= n'],
  ])('rejects %s with E_USAGE', (_name, options, message) => {
    expect(() => selectCases(cases, options)).toThrow(expect.objectContaining({ code: 'E_USAGE', message }));
  });
});
