import { describe, expect, it } from 'vitest';
import type { Expect } from '../model/index.ts';
import { checkResultMatches } from './expect-result.ts';

const status = { site_url: 'http://x', extensions: ['activity', 'datastore'], ckan_version: '2.11.5', site_title: null };

describe('checkResultMatches', () => {
  it.each<[string, NonNullable<Expect['resultMatches']>, unknown, string[]]>([
    [
      'keys in any order, a list by its JSON text',
      [
        { key: 'extensions', matches: '"datastore"' },
        { key: 'site_url', matches: '^http' },
      ],
      status,
      [],
    ],
    ['a value that does not match', [{ key: 'ckan_version', matches: '^2\\.10\\.' }], status, ['/result/ckan_version']],
    ['null as its JSON text', [{ key: 'site_title', matches: '^null$' }], status, []],
    ['an absent key', [{ key: 'locale_default', matches: '^' }], status, ['/result/locale_default']],
    ['an absent optional key', [{ key: 'ckan_version', matches: '^2\\.11\\.', optional: true }], { site_url: 'http://x' }, []],
    [
      'a present optional key that does not match',
      [{ key: 'ckan_version', matches: '^2\\.11\\.', optional: true }],
      { ckan_version: '2.9.1' },
      ['/result/ckan_version'],
    ],
    ['no result', [{ key: 'site_url', matches: '^' }], undefined, ['/result/site_url']],
  ])('%s', (_what, expected, result, paths) => {
    const findings = checkResultMatches(expected, result, 'expectOnFixtures.');
    expect(findings.map((f) => f.path)).toEqual(paths);
    expect(findings.every((f) => f.rule === 'expectOnFixtures.resultMatches')).toBe(true);
  });

  it('says what the value is and what it must match', () => {
    expect(checkResultMatches([{ key: 'ckan_version', matches: '^2\\.10\\.' }], status, '')[0]?.message).toBe(
      'result.ckan_version is "2.11.5", which does not match /^2\\.10\\./',
    );
  });
});
