import { describe, expect, it } from 'vitest';
import { DEFAULT_NORMALISE_RULES, normaliseSnapshot, resolveNormaliseRules } from './normalise.ts';

const body = {
  help: 'https://demo.ckan.org/fr/api/3/action/help_show?name=datastore_search',
  success: true,
  result: {
    fields: [
      { id: '_id', type: 'int' },
      { id: 'rank', type: 'float' },
      { id: 'updated', type: 'timestamp' },
    ],
    records: [
      { _id: 1, rank: 0.0607927124, updated: '2026-11-23T10:00:00' },
      { _id: 2, rank: 0.0303963562, updated: '2026-11-23T11:00:00' },
    ],
    _links: { start: 'https://demo.ckan.org/api/3/action/datastore_search', next: '/api/3/action/datastore_search?offset=100' },
    total: 1000,
    total_was_estimated: true,
  },
};

describe('resolveNormaliseRules', () => {
  it('adds up ignore and volatile lists and lets later layers replace the rest', () => {
    const rules = resolveNormaliseRules({ volatile: ['updated'], rankDigits: 4 }, undefined, {
      volatile: ['created', 'updated'],
      ignore: ['/result/sql'],
      help: false,
    });
    expect(rules).toEqual({ ...DEFAULT_NORMALISE_RULES, volatile: ['updated', 'created'], ignore: ['/result/sql'], rankDigits: 4, help: false });
  });

  it('gives the defaults without layers, never sharing their arrays', () => {
    const rules = resolveNormaliseRules();
    rules.ignore.push('/x');
    expect(DEFAULT_NORMALISE_RULES.ignore).toEqual([]);
  });
});

describe('normaliseSnapshot', () => {
  it('drops help, strips link hosts, rounds ranks, hides an estimated total and names each rule it applied', () => {
    const rules = resolveNormaliseRules({ volatile: ['updated'] });
    const { snapshot, applied } = normaliseSnapshot({ status: 200, body }, rules);
    expect(snapshot.body).toEqual({
      success: true,
      result: {
        fields: body.result.fields,
        records: [
          { _id: 1, rank: 0.0607927, updated: '<volatile>' },
          { _id: 2, rank: 0.0303964, updated: '<volatile>' },
        ],
        _links: { start: '/api/3/action/datastore_search', next: '/api/3/action/datastore_search?offset=100' },
        total: '<estimated>',
        total_was_estimated: true,
      },
    });
    expect(applied).toEqual(['help', 'linksHost', 'estimatedTotal', 'rankDigits=6', 'volatile:updated']);
    expect(body.result.records[0]?.rank).toBe(0.0607927124);
  });

  it('applies nothing (and says so) when a rule is switched off or finds nothing', () => {
    const rules = resolveNormaliseRules({ help: false, linksHost: false, estimatedTotal: false, volatile: ['absent'], rankDigits: 17 });
    const { snapshot, applied } = normaliseSnapshot({ status: 200, body }, rules);
    expect(snapshot.body).toBe(body);
    expect(applied).toEqual([]);
  });

  it('names list records by the result fields', () => {
    const lists = { success: true, result: { fields: [{ id: '_id' }, { id: 'rank title' }, { id: 'updated' }], records: [[1, 0.123456789, 'x']] } };
    const { snapshot } = normaliseSnapshot({ status: 200, body: lists }, resolveNormaliseRules({ volatile: ['updated'], rankDigits: 3 }));
    expect(snapshot.body).toEqual({ success: true, result: { fields: lists.result.fields, records: [[1, 0.123, '<volatile>']] } });
  });

  it('removes ignored pointers with * segments; array items become <ignored>', () => {
    const rules = resolveNormaliseRules({ ignore: ['/result/records/*/updated', '/result/_links', '/result/fields/0'] });
    const { snapshot, applied } = normaliseSnapshot({ status: 200, body }, rules);
    const result = (snapshot.body as { result: Record<string, unknown> }).result;
    expect(result['_links']).toBeUndefined();
    expect(result['records']).toEqual([
      { _id: 1, rank: 0.0607927 },
      { _id: 2, rank: 0.0303964 },
    ]);
    expect((result['fields'] as unknown[])[0]).toBe('<ignored>');
    expect(applied).toContain('ignore:/result/records/*/updated');
  });

  it("replaces a target's resource ids with the logical names, inside text too, short ids only whole", () => {
    const id = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
    const answer = { success: true, result: { resource_id: id, sql: `SELECT * FROM "${id}"`, records: [{ code: 'ab', note: 'abc' }] } };
    const rules = resolveNormaliseRules({ names: { [id]: '${resources.courses}' } }, { names: { ab: '${resources.short}' } });
    const { snapshot, applied } = normaliseSnapshot({ status: 200, body: answer }, rules);
    expect(snapshot.body).toEqual({
      success: true,
      result: { resource_id: '${resources.courses}', sql: 'SELECT * FROM "${resources.courses}"', records: [{ code: '${resources.short}', note: 'abc' }] },
    });
    expect(applied).toEqual(['names']);
  });

  it('keeps keys such as __proto__ and constructor as plain data', () => {
    const hostile: unknown = JSON.parse('{"help":"h","__proto__":{"polluted":true},"result":{"records":[{"constructor":"x","__proto__":1,"updated":2}]}}');
    const { snapshot } = normaliseSnapshot({ status: 200, body: hostile }, resolveNormaliseRules({ volatile: ['updated', '__proto__'] }));
    expect(JSON.stringify(snapshot.body)).toBe(
      '{"__proto__":{"polluted":true},"result":{"records":[{"constructor":"x","__proto__":"<volatile>","updated":"<volatile>"}]}}',
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('replaces a body nested too deep to walk safely, and leaves non-object bodies alone', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(normaliseSnapshot({ status: 200, body: deep }, DEFAULT_NORMALISE_RULES)).toEqual({
      snapshot: { status: 200, body: '<body nested deeper than 256 levels>' },
      applied: ['depth'],
    });
    expect(normaliseSnapshot({ status: 400, body: 'Bad request - JSON Error' }, DEFAULT_NORMALISE_RULES).snapshot.body).toBe('Bad request - JSON Error');
    // an HTML (error) page names the deployment (its title, its host), not the data
    expect(normaliseSnapshot({ status: 404, body: '<html>Not found</html>' }, DEFAULT_NORMALISE_RULES).snapshot.body).toBe('<HTML page, <deployment>>');
  });
});
