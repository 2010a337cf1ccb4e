import { describe, expect, it } from 'vitest';
import { compareSnapshots } from './compare.ts';
import { normaliseSnapshot, resolveNormaliseRules } from './normalise.ts';
import type { ResponseSnapshot } from './types.ts';

const differences = (a: ResponseSnapshot, b: ResponseSnapshot, layer = {}) => {
  const rules = resolveNormaliseRules(layer);
  return compareSnapshots(normaliseSnapshot(a, rules).snapshot, normaliseSnapshot(b, rules).snapshot).differences;
};

describe('the statement rule', () => {
  const error = (statement: unknown, orig = 'column "nope" does not exist') => ({
    status: 409,
    body: { success: false, error: { __type: 'Validation Error', info: { statement, params: [{}], orig: [orig] } } },
  });

  it('hides the SQL text CKAN ran, so a release or a rows_max of its own is no difference', () => {
    expect(differences(error(['SELECT * FROM (x) AS blah LIMIT 32001 ;']), error(['SELECT * FROM (x) AS blah LIMIT 1001 ;']))).toEqual([]);
  });

  it('still compares the rest of the error, and the statement when turned off', () => {
    expect(differences(error(['s']), error(['s'], 'relation "x" does not exist'))).toHaveLength(1);
    expect(differences(error(['a']), error(['b']), { statement: false })).toHaveLength(1);
  });
});

describe('the jsonp rule', () => {
  const jsonp = (text: string): ResponseSnapshot => ({ status: 200, body: text });

  it('compares a JSONP answer as its JSON envelope: spacing, key order and padding aside', () => {
    const a = jsonp('cb({"success": true, "result": {"records": [{"_id": 1, "a": "x"}]}});');
    const b = jsonp('/**/ cb({"result":{"records":[{"a":"x","_id":1}]},"success":true})');
    expect(differences(a, b)).toEqual([]);
  });

  it('still finds a changed record, and another callback name', () => {
    const a = jsonp('cb({"success": true, "result": {"records": [{"_id": 1, "a": "x"}]}});');
    expect(differences(a, jsonp('cb({"success": true, "result": {"records": [{"_id": 1, "a": "y"}]}});')).map((d) => d.kind)).toEqual(['record-changed']);
    expect(differences(a, jsonp('fn({"success": true, "result": {"records": [{"_id": 1, "a": "x"}]}});')).map((d) => d.path)).toEqual(['/<jsonp callback>']);
  });

  it('leaves a text that is not JSONP of an object as it is, and JSONP as text when turned off', () => {
    const rules = resolveNormaliseRules({});
    expect(normaliseSnapshot(jsonp('not (jsonp'), rules).snapshot.body).toBe('not (jsonp');
    expect(normaliseSnapshot(jsonp('cb(5);'), rules).snapshot.body).toBe('cb(5);');
    expect(differences(jsonp('cb({"a": 1});'), jsonp('cb({"a":1})'), { jsonp: false })).toHaveLength(1);
  });
});
