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
        { id: 'title', type: 'text', values: ['Intro to Optics', 'Seminar in Music'], words: ['Intro', 'Optics', 'Seminar', 'Music'] },
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
        expect(['title', 'stage']).toContain(request.like.field);
        continue;
      }
      for (const [field, value] of request.filters) {
        expect(['title', 'stage', 'credits']).toContain(field);
        for (const one of Array.isArray(value) ? value : [value]) expect([...(values.get(field) ?? []), ABSENT_TEXT, -987654321]).toContain(one);
      }
    }
    expect(requests.some((r) => r.kind === 'sql')).toBe(true);
    expect(requests.some((r) => r.kind === 'search' && r.filters.length >= 2)).toBe(true);
    expect(requests.some((r) => r.locale !== undefined)).toBe(true);
    expect(requests.some((r) => r.kind === 'search' && r.filters.some(([, v]) => Array.isArray(v)))).toBe(true);
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
