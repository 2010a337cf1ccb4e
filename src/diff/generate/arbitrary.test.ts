import { describe, expect, it } from 'vitest';
import { ABSENT_TEXT, createRequestArbitrary, sampleRequests, shrinkRequest } from './arbitrary.ts';
import { describeRequest, toLikePattern } from './render.ts';
import type { GeneratedRequest, GenerationInput } from './types.ts';

const input: GenerationInput = {
  sql: true,
  locales: true,
  resources: [
    {
      name: 'courses',
      total: 260,
      fields: [
        { id: '_id', type: 'int', values: [1, 2, 3], words: [] },
        {
          id: 'title',
          type: 'text',
          values: ['Intro to Optics', 'Seminar in Music'],
          words: ['Intro', 'Optics', 'Seminar', 'Music'],
          phrases: ['Intro Optics', 'Seminar Music'],
        },
        { id: 'stage', type: 'text', values: ['Advanced', 'Foundation'], words: ['Advanced', 'Foundation'] },
        { id: 'credits', type: 'numeric', values: [5, 10], words: [] },
        { id: 'tags', type: '_text', values: [], words: [] },
      ],
    },
  ],
};

describe('sampleRequests', () => {
  it('draws the same requests for the same seed and others for another', () => {
    const arbitrary = createRequestArbitrary(input);
    const first = sampleRequests(arbitrary, 42, 50);
    expect(first).toHaveLength(50);
    expect(sampleRequests(createRequestArbitrary(input), 42, 50)).toEqual(first);
    expect(sampleRequests(arbitrary, 43, 50)).not.toEqual(first);
  });

  it('draws only valid requests: sampled fields and values, absent markers, both kinds, locales', () => {
    const requests = sampleRequests(createRequestArbitrary(input), 7, 300);
    const values = new Map(input.resources[0]?.fields.map((f) => [f.id, f.values]));
    for (const request of requests) {
      if (request.kind === 'sql') {
        expect(request.columns).toEqual(['_id', 'title', 'stage', 'credits', 'tags']);
        expect(request.where.kind === 'like' ? ['title', 'stage'] : ['title', 'stage', 'credits']).toContain(request.where.field);
        continue;
      }
      for (const [field, value] of request.filters) {
        expect(['title', 'stage', 'credits']).toContain(field);
        const allowed = [...(values.get(field) ?? []), ABSENT_TEXT, -987654321, ...(field === 'credits' ? ['5', '10'] : [])];
        for (const one of Array.isArray(value) ? value : [value]) expect(allowed).toContain(one);
      }
    }
    expect(requests.some((r) => r.kind === 'sql')).toBe(true);
    expect(requests.some((r) => r.kind === 'search' && r.filters.length >= 2)).toBe(true);
    expect(requests.some((r) => r.locale !== undefined)).toBe(true);
    expect(requests.some((r) => r.kind === 'search' && r.filters.some(([, v]) => Array.isArray(v)))).toBe(true);
    // a numeric column filtered with a numeric string, SELECTs with LIKE in another case and with equality, unordered
    expect(requests.some((r) => r.kind === 'search' && r.filters.some(([f, v]) => f === 'credits' && typeof v === 'string'))).toBe(true);
    expect(requests.some((r) => r.kind === 'sql' && r.where.kind === 'like' && r.where.letters === 'swapped')).toBe(true);
    expect(requests.some((r) => r.kind === 'sql' && r.where.kind === 'equals')).toBe(true);
    expect(requests.some((r) => r.kind === 'sql' && r.ordered === undefined)).toBe(true);
    expect(requests.some((r) => r.kind === 'search' && r.q?.includes(' ') === true)).toBe(true);
  });

  it('leaves out the parameters a profile does not claim', () => {
    const requests = sampleRequests(createRequestArbitrary({ ...input, offset: false, sort: false, fields: false, distinct: false }), 3, 200);
    for (const request of requests)
      if (request.kind === 'search')
        expect([request.offset, request.sort, request.fields, request.distinct]).toEqual([undefined, undefined, undefined, undefined]);
    expect(requests.some((r) => r.kind === 'search' && r.q !== undefined)).toBe(true);
  });
});

describe('shrinkRequest', () => {
  it('shrinks a request to the smallest one that still shows the failure', async () => {
    const arbitrary = createRequestArbitrary(input);
    const failing: GeneratedRequest = {
      kind: 'search',
      resource: 'courses',
      method: 'POST',
      locale: 'fr',
      filters: [
        ['credits', 10],
        ['stage', ['Advanced', 'Foundation']],
        ['title', 'Seminar in Music'],
      ],
      q: 'Optics',
      limit: 1,
      offset: 260,
      sort: [['stage', 'desc']],
      fields: ['title'],
      distinct: true,
    };
    const twoFilters = async (request: GeneratedRequest): Promise<boolean> => request.kind === 'search' && request.filters.length >= 2;
    const { request, shrinks } = await shrinkRequest(arbitrary, failing, twoFilters, 1);
    expect(shrinks).toBeGreaterThan(0);
    expect(request).toMatchObject({ kind: 'search', method: 'GET', resource: 'courses' });
    const text = describeRequest(request);
    expect(text).toMatch(/^GET datastore_search \{/);
    const params: unknown = JSON.parse(text.replace('GET datastore_search ', ''));
    expect(Object.keys(params as object)).toEqual(['resource_id', 'filters']);
    expect(request.kind === 'search' ? request.filters : []).toHaveLength(2);
  });

  it('returns the request unchanged when it no longer fails', async () => {
    const failing: GeneratedRequest = { kind: 'search', resource: 'courses', method: 'GET', filters: [] };
    expect(await shrinkRequest(createRequestArbitrary(input), failing, async () => false, 1)).toEqual({ request: failing, shrinks: 0 });
  });
});

describe('describeRequest of a SELECT', () => {
  it('writes the columns, the condition with its letters in the case asked, and ORDER BY only when ordered', () => {
    const sql = (where: Extract<GeneratedRequest, { kind: 'sql' }>['where'], more = {}) =>
      describeRequest({ kind: 'sql', resource: 'courses', method: 'POST', columns: ['_id', 'title'], where, ...more });
    expect(sql({ kind: 'like', field: 'title', word: 'Optics', placement: 'contains', letters: 'swapped' }, { ordered: true, limit: 5 })).toBe(
      'POST datastore_search_sql {"sql":"SELECT \\"_id\\", \\"title\\" FROM \\"${resources.courses}\\" WHERE \\"title\\" LIKE \'%oPTICS%\' ORDER BY \\"_id\\" LIMIT 5"}',
    );
    expect(sql({ kind: 'equals', field: 'title', value: "O'Brien" })).toContain(`WHERE \\"title\\" = 'O''Brien'"}`);
    expect(sql({ kind: 'equals', field: 'credits', value: 5 })).toContain('= 5"}');
  });
});

describe('toLikePattern', () => {
  it.each([
    ['contains', '%Optics%'],
    ['prefix', 'Optics%'],
    ['suffix', '%Optics'],
    ['exact', 'Optics'],
    ['underscore-first', '_ptics%'],
    ['underscore-inside', '%O_tics%'],
    ['underscore-last', '%Optic_'],
  ] as const)('places %s as %s', (placement, pattern) => {
    expect(toLikePattern('Optics', placement)).toBe(pattern);
  });
});
