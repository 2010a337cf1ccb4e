import { describe, expect, it } from 'vitest';
import { isCkanTraitId, traitsBetween } from '../schema/ckan-traits/index.ts';
import type { PairResult } from '../schema/diff-report.ts';
import { createChangeList } from './changes.ts';
import { SYMPTOMS } from './symptoms.ts';

const linksRemoved = (id: string, request: string): PairResult => ({
  id,
  request,
  outcome: 'differ',
  rules: [],
  differences: [{ kind: 'body', path: '/result/_links', message: '/result/_links removed (was {...})', expected: { start: '/api/action/datastore_search' } }],
  a: { curl: `curl a ${id}`, status: 200 },
  b: { curl: `curl b ${id}`, status: 200 },
});
const response = (body: string) => ({
  response: { status: 200, headers: { 'content-type': 'application/json' }, body, bodyTruncated: false, durationMs: 1, attempts: 1 },
});

describe('createChangeList', () => {
  it('lists one change for every request that shows it, explained by the trait between the releases, with the shortest request as example', () => {
    const list = createChangeList(traitsBetween('2.11.5', '2.12.0b0'));
    const pairs = [
      linksRemoved('search/q', 'GET datastore_search {"resource_id":"x","q":"word"}'),
      linksRemoved('search/limit', 'GET datastore_search {"limit":1}'),
    ];
    for (const p of pairs) list.onAnswers(p, { a: response('{"result":{"_links":{}}}'), b: response('{"result":{}}') });
    const agreeing: PairResult = { ...linksRemoved('search/x', ''), outcome: 'agree', differences: [] };
    const [change, ...rest] = list.build([...pairs, agreeing], (id) => (id === 'search/q' ? 10 : 1));
    expect(rest).toEqual([]);
    expect(change).toMatchObject({ kind: 'key-removed', what: '/result/_links', requests: 2, clientRequests: 11, ids: ['search/q', 'search/limit'] });
    expect(change?.explanation.map((e) => [e.id, e.change, e.releases])).toEqual([['search-links', 'lost', 'up to 2.11.x']]);
    expect(change?.example).toMatchObject({
      id: 'search/limit',
      a: { curl: 'curl a search/limit', status: 200, body: '{\n  "result": {\n    "_links": {}\n  }\n}' },
      b: { body: '{\n  "result": {}\n}' },
    });
  });

  it('explains nothing where no trait lies between the releases, and keeps an example without answers', () => {
    const list = createChangeList(traitsBetween('2.11.5', '2.11.5'));
    const [change] = list.build([linksRemoved('search/q', 'GET datastore_search {}')]);
    expect(change?.explanation).toEqual([]);
    expect(change?.example.a).toEqual({ curl: 'curl a search/q', status: 200 });
  });
});

describe('SYMPTOMS', () => {
  it('names only traits of the CKAN release trait table', () => {
    expect(Object.keys(SYMPTOMS).filter((id) => !isCkanTraitId(id))).toEqual([]);
  });
});
