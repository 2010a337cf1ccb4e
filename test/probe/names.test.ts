// Probe knows every name the catalogue uses: a case that uses a new value or resource name fails this test until
// probe can find it (src/probe/names.ts and a finder).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, loadProfile } from '../../src/index.ts';
import { collectCatalogueNames } from '../../src/catalogue/index.ts';
import { PROBE_RESOURCES, PROBE_VALUES, RELATION_LIMIT } from '../../src/probe/index.ts';

const ROOT = path.resolve('.');

describe('probe names', () => {
  it('cover every ${values.X} and ${resources.X} of cases/', async () => {
    const names = collectCatalogueNames((await loadCatalogue(path.join(ROOT, 'cases'))).cases);
    expect(names.values.length).toBeGreaterThan(10);
    expect(names.values.filter((n) => !Object.hasOwn(PROBE_VALUES, n))).toEqual([]);
    expect(names.resources.filter((n) => !Object.hasOwn(PROBE_RESOURCES, n))).toEqual([]);
  });

  it('fit values to the page the relation cases ask: no relation answer holds more than RELATION_LIMIT records', async () => {
    const relations = (await loadCatalogue(path.join(ROOT, 'cases'))).cases.flatMap((c) => (c.case.relation === undefined ? [] : [c.case]));
    const limits = relations.flatMap((c) => [c.request.params?.['limit'], ...(c.relation?.requests ?? []).map((r) => r.params['limit'])]);
    const numbers = limits.filter((l): l is number => typeof l === 'number');
    expect(numbers.length).toBeGreaterThan(5);
    expect(Math.max(...numbers)).toBe(RELATION_LIMIT);
  });

  it('cover every value of profiles/reference.yaml', async () => {
    const reference = await loadProfile(path.join(ROOT, 'profiles/reference.yaml'));
    expect(Object.keys(reference.values ?? {}).filter((n) => !Object.hasOwn(PROBE_VALUES, n))).toEqual([]);
  });
});
