import { describe, expect, it } from 'vitest';
import type { Profile } from '../schema/profile.ts';
import { closestName, findUnknownProfileNames, KIT_CAPABILITIES } from './profile-names.ts';

describe('closestName', () => {
  it.each([
    ['locle', 'locale', KIT_CAPABILITIES],
    ['SQL', 'sql', KIT_CAPABILITIES],
    ['ckan-2.111', 'ckan-2.11', KIT_CAPABILITIES],
    ['categoryFeild', 'categoryField', ['categoryField', 'textField']],
    ['somethingelse', undefined, ['sql', 'jsonp']],
  ] as const)('%s -> %s', (name, expected, known) => {
    expect(closestName(name, known)).toBe(expected);
  });
});

describe('findUnknownProfileNames', () => {
  const names = { capabilities: [...KIT_CAPABILITIES], resources: ['courses'], values: ['categoryField', 'searchWord'] };
  it('names each unknown capability, resource and value with the closest known name', () => {
    const profile: Profile = {
      name: 'p',
      data: 'other',
      capabilities: ['sql', 'locle'],
      resources: { courses: 'x', cources: 'y' },
      values: { searchWord: 'a', serchWord: 'b', zzz: 1 },
    };
    expect(findUnknownProfileNames(profile, names)).toEqual([
      { pointer: '/capabilities/1', message: 'unknown capability "locle" (did you mean locale?)' },
      { pointer: '/resources', key: 'cources', message: 'resource name "cources" is used by no case (did you mean courses?)' },
      { pointer: '/values', key: 'serchWord', message: 'value name "serchWord" is used by no case (did you mean searchWord?)' },
      { pointer: '/values', key: 'zzz', message: 'value name "zzz" is used by no case (known: categoryField, searchWord)' },
    ]);
  });

  it('accepts a profile that uses only known names', () => {
    expect(findUnknownProfileNames({ name: 'p', data: 'other', capabilities: ['ckan-2.9', 'token'], values: { categoryField: 'x' } }, names)).toEqual([]);
  });
});
