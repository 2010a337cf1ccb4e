import { describe, expect, it } from 'vitest';
import type { Profile } from '../schema/index.ts';
import { chooseContract, planCkanVersion, type CkanVersionPlan } from './ckan-version.ts';

const profile = (extra: Partial<Profile> = {}): Profile => ({ name: 'p', data: 'other', capabilities: [], ...extra });

describe('planCkanVersion', () => {
  it.each<[string, Parameters<typeof planCkanVersion>, CkanVersionPlan]>([
    ['the flag wins over the profile', ['2.9', profile({ ckan: '2.11' }), undefined], { kind: 'known', version: '2.9', reason: '--ckan-version 2.9' }],
    ['--ckan-version auto', ['auto', profile({ ckan: '2.11' }), undefined], { kind: 'auto', reason: '--ckan-version auto' }],
    ["the profile's ckan", [undefined, profile({ ckan: '2.10' }), '2.11'], { kind: 'known', version: '2.10', reason: 'the profile says ckan: "2.10"' }],
    ["the profile's ckan: auto", [undefined, profile({ ckan: 'auto' }), undefined], { kind: 'auto', reason: 'the profile says ckan: auto' }],
    [
      'the legacy ckan-2.11 capability',
      [undefined, profile({ capabilities: ['sql', 'ckan-2.11'] }), undefined],
      { kind: 'known', version: '2.11', reason: "from the profile's ckan-2.11 capability" },
    ],
    ['the reference server', [undefined, profile(), '2.11'], { kind: 'known', version: '2.11', reason: 'the reference server answers as 2.11' }],
  ])('%s', (_name, args, expected) => {
    expect(planCkanVersion(...args)).toEqual(expected);
  });

  it('says, without advice to claim CKAN, when nothing names a version', () => {
    expect(planCkanVersion(undefined, profile(), undefined)).toEqual({ kind: 'none', reason: 'the profile names no CKAN release' });
  });
});

describe('chooseContract', () => {
  const none: CkanVersionPlan = { kind: 'none', reason: 'unknown' };
  const named: CkanVersionPlan = { kind: 'known', version: '2.10', reason: 'the profile says ckan: "2.10"' };

  it.each<[string, Parameters<typeof chooseContract>, string]>([
    ['--contract wins', ['seed', named, true], 'seed'],
    ['ckan for the reference server', [undefined, none, true], 'ckan'],
    ['ckan when the profile names a version', [undefined, named, false], 'ckan'],
    ['ckan with auto', [undefined, { kind: 'auto', reason: '--ckan-version auto' }, false], 'ckan'],
    ['seed when nothing names a version', [undefined, none, false], 'seed'],
  ])('%s', (_name, args, expected) => {
    expect(chooseContract(...args).profile).toBe(expected);
  });

  it('says why', () => {
    expect(chooseContract(undefined, named, false).reason).toBe('a CKAN version is named (the profile says ckan: "2.10")');
  });
});
