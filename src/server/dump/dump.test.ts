import { describe, expect, it } from 'vitest';
import { validateDumpParams } from './params.ts';
import { xmlElementNames } from './xml.ts';

describe('validateDumpParams', () => {
  it('takes CKAN defaults: csv, offset 0, sort _id, no limit, no bom', () => {
    expect(validateDumpParams('')).toEqual({ ok: true, params: { format: 'csv', offset: 0, limit: undefined, bom: false, sort: '_id', search: {} } });
  });

  it('reads filters as JSON, q as text unless a JSON object, and booleans as boolean_validator does', () => {
    const outcome = validateDumpParams('filters=%7B%22a%22%3A1%7D&q=%7B%22b%22%3A%22x%22%7D&bom=yes&distinct=no&fields=a,b');
    expect(outcome).toMatchObject({ ok: true, params: { bom: true, search: { filters: { a: 1 }, q: { b: 'x' }, distinct: false, fields: 'a,b' } } });
    expect(validateDumpParams('q=42')).toMatchObject({ ok: true, params: { search: { q: '42' } } });
  });

  it.each([
    ['format=xlsx', "format: Value must be one of ['csv', 'tsv', 'json', 'xml']"],
    ['limit=ten', 'limit: Invalid integer'],
    ['offset=1.5&filters=%7B', 'offset: Invalid integer\nfilters: Cannot parse JSON'],
  ])('refuses %s with the lines CKAN aborts with', (query, message) => {
    expect(validateDumpParams(query)).toEqual({ ok: false, message });
  });
});

describe('xmlElementNames', () => {
  it('makes CKAN 2.12 element names: no spaces or symbols, no leading digits or xml, unique', () => {
    const names = xmlElementNames(['rating with %', 'xml1name', '2nd', 'a b', 'a_b', 'bük']);
    expect([...names.values()]).toEqual(['rating_with_', 'name', 'nd', 'a_b', 'a_b_0', 'bük']);
  });
});
