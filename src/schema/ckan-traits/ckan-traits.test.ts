import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeCkanRanges, isInCkanRanges, parseCkanRelease } from '../ckan-version.ts';
import { CKAN_TRAIT_IDS, CKAN_TRAITS, findCkanTrait, hasTrait, isCkanTraitId, traitsBetween, type CkanTraitId } from './index.ts';

const traitFiles = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts' && name !== 'trait.ts')
  .map((name) => name.slice(0, -'.ts'.length));

describe('the CKAN trait table', () => {
  it('has one row per trait file, named as the file, so the folder listing is the list of traits', () => {
    expect([...CKAN_TRAIT_IDS].sort()).toEqual([...traitFiles].sort());
    expect(new Set(CKAN_TRAIT_IDS).size).toBe(CKAN_TRAIT_IDS.length);
  });

  it.each(CKAN_TRAITS.map((trait) => [trait.id, trait] as const))('states %s completely', (_, trait) => {
    expect(trait.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const text of [trait.does, trait.ref, trait.evidence]) expect(text.trim().length).toBeGreaterThan(10);
    const ranges = Array.isArray(trait.releases) ? trait.releases : [trait.releases];
    for (const range of ranges) {
      for (const end of [range.min, range.max]) if (end !== undefined) expect(parseCkanRelease(end)).toBeDefined();
    }
    // a fix is a release outside the bug's ranges; a change has no fix
    if (trait.kind === 'change') expect(trait.fixed).toBeUndefined();
    for (const release of (trait.fixed ?? '').split(', ').filter((text) => text !== '')) {
      expect(parseCkanRelease(release)).toBeDefined();
      expect(isInCkanRanges(release, trait.releases)).toBe(false);
    }
  });
});

describe('hasTrait', () => {
  it.each([
    ['distinct-after-limit', ['2.10.8', '2.10.10', '2.10', '2.11.3', '2.11.5', '2.11'], ['2.9.11', '2.10.0', '2.10.7', '2.11.0', '2.11.2', '2.12', '2.12.0b0']],
    ['backslash-quote-refused', ['2.10.10', '2.11.5', '2.10', '2.11'], ['2.9.11', '2.10.9', '2.11.4', '2.12.0b0']],
    ['text-filters-stringified', ['2.11.3', '2.11.5', '2.12'], ['2.10.10', '2.11.0', '2.11.2']],
    ['copy-mogrify-list', ['2.11.0', '2.11.2'], ['2.10.10', '2.11.3', '2.11', '2.12']],
    ['dump-private-500', ['2.9.11', '2.10.0', '2.10.8', '2.11.0', '2.11.3'], ['2.10.9', '2.10', '2.11.4', '2.11', '2.12']],
    ['lists-null-rows-dropped', ['2.9.9', '2.10.0', '2.10.2'], ['2.9.10', '2.9', '2.10.3', '2.10', '2.11.0']],
    ['method-not-allowed-dropped', ['2.10.0', '2.10.4'], ['2.9.11', '2.10.5', '2.10.7', '2.11.0']],
    ['search-links', ['2.8', '2.9', '2.11.5'], ['2.12', '2.12.0b0']],
  ] as const)('says %s for the releases that have it, and not for the others', (id, having, lacking) => {
    for (const release of having) expect([release, hasTrait(release, id)]).toEqual([release, true]);
    for (const release of lacking) expect([release, hasTrait(release, id)]).toEqual([release, false]);
  });

  it('knows no trait of a text that names no release', () => {
    expect(CKAN_TRAIT_IDS.filter((id) => hasTrait('3.0', id) || hasTrait('nonsense', id))).toEqual([]);
  });
});

describe('traitsBetween', () => {
  it('lists what changes from one release to another, each way', () => {
    const changes = traitsBetween('2.10.7', '2.11.5').map(({ trait, change }) => `${change} ${trait.id}`);
    expect(changes).toEqual([
      'gained backslash-quote-refused',
      'gained distinct-after-limit',
      'lost dump-private-500',
      'gained pyformat-params',
      'lost sql-numeric-as-string',
      'gained text-filters-stringified',
      'gained ts-rewrite-refused',
      'gained unsupported-media-type-415',
    ]);
    const back = traitsBetween('2.11.5', '2.10.7').map(({ trait, change }) => `${change} ${trait.id}`);
    expect(back).toEqual(changes.map((line) => (line.startsWith('gained') ? line.replace('gained', 'lost') : line.replace('lost', 'gained'))));
  });

  it('lists nothing between a minor version and its newest release', () => {
    expect(traitsBetween('2.11', '2.11.5')).toEqual([]);
  });

  it('refuses a text that names no release', () => {
    expect(() => traitsBetween('2.10.7', 'latest')).toThrow(/not a CKAN release the kit knows: latest/);
  });
});

describe('findCkanTrait and isCkanTraitId', () => {
  it('find a trait by id and tell ids from other text', () => {
    expect(findCkanTrait('distinct-after-limit').fixed).toBe('2.12.0');
    expect(isCkanTraitId('distinct-after-limit')).toBe(true);
    expect(isCkanTraitId('distinct-before-limit')).toBe(false);
    expect(() => findCkanTrait('nope' as CkanTraitId)).toThrow(/no CKAN trait "nope"/);
  });
});

describe('docs/reference-server.md', () => {
  it('lists the trait table exactly as the registry holds it', () => {
    const doc = readFileSync(new URL('../../../docs/reference-server.md', import.meta.url), 'utf8');
    const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
    const rows = CKAN_TRAITS.map(
      (trait) =>
        `| \`${trait.id}\` | ${trait.kind} | ${cell(describeCkanRanges(trait.releases))} | ${cell(trait.does)} | ${cell(trait.ref)} | ${trait.fixed ?? ''} |`,
    );
    const table = ['| trait | kind | releases | what CKAN does | CKAN reference | fixed in |', '|---|---|---|---|---|---|', ...rows].join('\n');
    // the table to paste when a trait changed: the test prints it
    expect(doc, table).toContain(`${table}\n`);
  });
});
