import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import type { Case } from '../schema/case.ts';
import type { Profile } from '../schema/profile.ts';
import { expandCase } from './expand.ts';
import type { LoadedCase } from './types.ts';

const base: Case = {
  id: 'search/filters/either-or',
  title: 'Either-or filter',
  spec: ['api.md#4.1/filters-rule-1'],
  class: 'filters',
  request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', filters: { stage: '${values.choices}' } } },
  expect: { status: 200, records: { every: [{ field: '${values.field}', in: ['${values.choice}', 'Advanced'] }] } },
};

function loaded(overrides: Partial<Case> = {}): LoadedCase {
  return { case: { ...base, ...overrides }, file: 'search/filters.yaml', line: 3, column: 5 };
}

const reference: Profile = {
  name: 'reference',
  data: 'fixtures',
  capabilities: ['sql', 'locale'],
  resources: { courses: 'c-id' },
  values: { field: 'stage', choice: 'Foundation', choices: ['Foundation', 'Advanced'] },
};
const portal: Profile = { name: 'portal', data: 'other', capabilities: [], resources: { courses: 'p-id' }, values: {} };
const env = {};

describe('expandCase', () => {
  it('gives one variant with the bare case id when the case declares no variants', () => {
    const [variant, ...rest] = expandCase(loaded(), { profile: reference, env });
    expect(rest).toEqual([]);
    expect(variant).toMatchObject({
      id: 'search/filters/either-or',
      caseId: 'search/filters/either-or',
      file: 'search/filters.yaml',
      hasVariants: false,
      variant: { method: 'POST', locale: null, apiPath: '/api/action' },
    });
    expect(variant?.request).toEqual({
      action: 'datastore_search',
      method: 'POST',
      locale: null,
      apiPath: '/api/action',
      params: { resource_id: 'c-id', filters: { stage: ['Foundation', 'Advanced'] } },
    });
    expect(variant?.expect.records?.every?.[0]).toEqual({ field: 'stage', in: ['Foundation', 'Advanced'] });
    expect(variant?.notApplicable).toBeUndefined();
  });

  it('uses the request method, locale and apiPath when given', () => {
    const request = { ...base.request, method: 'GET', locale: 'fr', apiPath: '/api/3/action' } as const;
    const [variant] = expandCase(loaded({ request }), { profile: reference, env });
    expect(variant?.variant).toEqual({ method: 'GET', locale: 'fr', apiPath: '/api/3/action' });
    expect(variant?.id).toBe('search/filters/either-or');
  });

  it('expands method x locale x apiPath with stable unique ids', () => {
    const variants: Case['variants'] = { method: ['GET', 'POST'], locale: [null, 'fr'], apiPath: ['/api/3/action'] };
    const expanded = expandCase(loaded({ variants }), { profile: reference, env });
    expect(expanded.map((v) => v.id)).toEqual([
      'search/filters/either-or [GET - /api/3/action]',
      'search/filters/either-or [GET fr /api/3/action]',
      'search/filters/either-or [POST - /api/3/action]',
      'search/filters/either-or [POST fr /api/3/action]',
    ]);
    expect(expanded.every((v) => v.hasVariants && v.request.method === v.variant.method && v.request.locale === v.variant.locale)).toBe(true);
  });

  it.each([
    [{ min: '2.9' }, '2.8', 'holds for CKAN 2.9 and later; the target runs CKAN 2.8'],
    [{ max: '2.11' }, '2.12', 'holds for CKAN 2.11 and earlier; the target runs CKAN 2.12'],
    [{ min: '2.12', max: '2.12' }, undefined, 'holds for CKAN 2.12; the run names no CKAN release'],
    [{ min: '2.9', max: '2.11' }, '2.10', undefined],
  ] as const)('judges a case for CKAN %j against a target on %s', (ckan, ckanVersion, reason) => {
    const [variant] = expandCase(loaded({ ckan }), { profile: reference, env, ckanVersion });
    expect(variant?.notApplicable).toBe(reason);
  });

  it('keeps expectOnFixtures only for a fixtures profile', () => {
    const item = loaded({ expectOnFixtures: { total: 130, records: { exact: [{ _id: '${values.field}' }] } } });
    expect(expandCase(item, { profile: reference, env })[0]?.expectOnFixtures).toEqual({ total: 130, records: { exact: [{ _id: 'stage' }] } });
    expect(expandCase(item, { profile: portal, env })[0]).not.toHaveProperty('expectOnFixtures');
  });

  it.each([
    ['a missing capability', { needs: ['sql', 'private', 'token'] }, reference, 'target lacks capability private, token (profile "reference")'],
    [
      'a locale variant without the locale capability',
      { request: { ...base.request, locale: 'fr' } },
      { ...reference, capabilities: [] },
      'target lacks capability locale (profile "reference")',
    ],
    ['a missing profile value', {}, portal, 'profile "portal" has no ${values.choices}, ${values.field}, ${values.choice}'],
    [
      'an unset environment variable',
      { request: { ...base.request, headers: { 'X-Key': '${env.PORTAL_KEY}' } } },
      reference,
      'environment variable PORTAL_KEY not set',
    ],
  ])('marks %s as not applicable', (_name, overrides, profile, reason) => {
    expect(expandCase(loaded(overrides), { profile, env })[0]?.notApplicable).toBe(reason);
  });

  it('resolves env variables from the given env', () => {
    const request = { ...base.request, headers: { 'X-Key': 'k=${env.PORTAL_KEY}' } };
    const [variant] = expandCase(loaded({ request }), { profile: reference, env: { PORTAL_KEY: 'abc' } });
    expect(variant?.request.headers).toEqual({ 'X-Key': 'k=abc' });
    expect(variant?.notApplicable).toBeUndefined();
  });

  it('carries the skip reason', () => {
    expect(expandCase(loaded({ skip: 'CKAN bug #123' }), { profile: reference, env })[0]?.skip).toBe('CKAN bug #123');
  });

  it('rejects a profile value that does not fit where a variable puts it', () => {
    const request = { ...base.request, action: '${values.choices}' };
    const run = (): unknown => expandCase(loaded({ request }), { profile: reference, env });
    expect(run).toThrow(InputError);
    expect(run).toThrow(
      'search/filters.yaml:3:5 [search/filters/either-or] /request/action must be string once the variables of profile "reference" are substituted (${values.choices} is ["Foundation","Advanced"]) (E_CASE_INVALID)',
    );
  });

  it('takes a record count from a profile variable, which must then hold a whole number', () => {
    const expectRows = { status: 200, records: { count: '${values.rowsMax}', max: '${values.pageSize}' } };
    const sized = { ...reference, values: { ...reference.values, pageSize: 50 } };
    const [variant] = expandCase(loaded({ expect: expectRows }), { profile: sized, env });
    // rowsMax is CKAN's default (32000) when the profile names none
    expect(variant?.expect.records).toEqual({ count: 32000, max: 50 });
    const bad = { ...sized, values: { ...sized.values, rowsMax: 'lots' } };
    expect(() => expandCase(loaded({ expect: expectRows }), { profile: bad, env })).toThrow(
      /\[search\/filters\/either-or\] \/expect\/records\/count must be integer once the variables of profile "reference" are substituted \(\$\{values.rowsMax\} is "lots"\)/,
    );
    // a missing variable makes the case not applicable instead of an error
    expect(expandCase(loaded({ expect: expectRows }), { profile: reference, env })[0]?.notApplicable).toBe('profile "reference" has no ${values.pageSize}');
  });
});
