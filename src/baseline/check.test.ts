import { describe, expect, it } from 'vitest';
import type { BaselineStore } from '../model/index.ts';
import { checkBaseline, type BaselineSubject } from './check.ts';
import { parseBaselineFile, renderBaselineFile } from './file-format.ts';

function createMemoryStore(files: Record<string, string> = {}): BaselineStore & { files: Map<string, string> } {
  const map = new Map(Object.entries(files));
  return { dir: 'baselines', files: map, read: async (file) => map.get(file), write: async (file, text) => void map.set(file, text) };
}

const subject: BaselineSubject = {
  caseId: 'search/first',
  variant: { method: 'POST', locale: null, apiPath: '/api/action' },
  request: { action: 'datastore_search', params: { resource_id: 'id-of-courses-0001', limit: 2 } },
};
const answer = (city: string): { status: number; body: unknown } => ({
  status: 200,
  body: {
    help: 'http://h/api/3/action/help_show',
    success: true,
    result: {
      records: [
        { _id: 1, city: 'Paris' },
        { _id: 2, city },
      ],
      total: 2,
    },
  },
});
const FILE = 'search/first/post-api.json';

describe('checkBaseline', () => {
  it('records a missing file (mode missing), then matches it', async () => {
    const store = createMemoryStore();
    const rules = { names: { 'id-of-courses-0001': '${resources.courses}' } };
    const recorded = await checkBaseline(subject, answer('Nice'), { store, update: 'missing', profileRules: rules });
    expect(recorded).toEqual({ baseline: { file: FILE, outcome: 'recorded', rules: ['help'], differences: [] }, findings: [] });
    const text = store.files.get(FILE) ?? '';
    expect(text).toContain('"resource_id": "${resources.courses}"');
    const matched = await checkBaseline(subject, answer('Nice'), { store, update: 'none', profileRules: rules });
    expect(matched.baseline.outcome).toBe('match');
  });

  it('reports each difference as a baseline finding, and writes nothing', async () => {
    const store = createMemoryStore();
    await checkBaseline(subject, answer('Nice'), { store, update: 'missing' });
    const before = store.files.get(FILE);
    const checked = await checkBaseline(subject, answer('Lyon'), { store, update: 'missing' });
    expect(checked.baseline.outcome).toBe('differs');
    expect(checked.findings.map((f) => [f.rule, f.path, f.message])).toEqual([
      ['baseline', '/result/records/1', 'record _id=2 changed: "city" "Nice" -> "Lyon"'],
    ]);
    expect(store.files.get(FILE)).toBe(before);
  });

  it.each(['changed', 'all'] as const)('accepts differences with %s (updated, no finding)', async (update) => {
    const store = createMemoryStore();
    await checkBaseline(subject, answer('Nice'), { store, update: 'missing' });
    const checked = await checkBaseline(subject, answer('Lyon'), { store, update });
    expect(checked.findings).toEqual([]);
    expect(checked.baseline.outcome).toBe('updated');
    expect(checked.baseline.differences).toHaveLength(1);
    expect(store.files.get(FILE)).toContain('"city":"Lyon"');
  });

  it('fails on a missing file with none, saying how to record it', async () => {
    const checked = await checkBaseline(subject, answer('Nice'), { store: createMemoryStore(), update: 'none' });
    expect(checked.baseline.outcome).toBe('missing');
    expect(checked.findings[0]?.message).toBe('no baseline baselines/search/first/post-api.json yet: record it with --update-baseline missing');
  });

  it('fails on an unusable file, and replaces it with changed', async () => {
    const store = createMemoryStore({ [FILE]: '{"case": 1' });
    const checked = await checkBaseline(subject, answer('Nice'), { store, update: 'none' });
    expect(checked.baseline.outcome).toBe('differs');
    expect(checked.findings[0]?.message).toMatch(
      /^the baseline baselines\/search\/first\/post-api.json cannot be used: not JSON .*; record it again with --update-baseline changed$/,
    );
    expect((await checkBaseline(subject, answer('Nice'), { store, update: 'changed' })).baseline.outcome).toBe('updated');
    expect(parseBaselineFile(store.files.get(FILE) ?? '').ok).toBe(true);
  });

  it("applies today's rules to the stored answer too, so a rule added later hides what it should", async () => {
    const store = createMemoryStore();
    await checkBaseline(subject, answer('Nice'), { store, update: 'missing' });
    const checked = await checkBaseline({ ...subject, normalise: { volatile: ['city'] } }, answer('Lyon'), { store, update: 'none' });
    expect(checked.baseline).toMatchObject({ outcome: 'match', rules: ['help', 'volatile:city'] });
  });

  it('masks what the run redacts in the file it writes', async () => {
    const store = createMemoryStore();
    const secret = { ...subject, request: { action: 'datastore_search', params: { q: 'tok-123' } } };
    await checkBaseline(secret, answer('Nice'), {
      store,
      update: 'missing',
      redact: (value) => JSON.parse(JSON.stringify(value).replaceAll('tok-123', '***')) as typeof value,
    });
    expect(store.files.get(FILE)).not.toContain('tok-123');
  });
});

describe('renderBaselineFile', () => {
  it('writes sorted keys below the top, one record per line, and a final newline; parses back', () => {
    const file = {
      case: 'a',
      variant: 'post-api',
      request: { method: 'POST', path: '/api/action/datastore_search', params: { z: 1, a: 2 } },
      rules: [],
      status: 200,
      body: {
        success: true,
        result: {
          records: [
            { b: 1, a: 2 },
            { b: 3, a: 4 },
          ],
          fields: [{ type: 'int', id: 'a' }],
        },
      },
    };
    const text = renderBaselineFile(file);
    expect(text).toBe(
      [
        '{',
        '  "case": "a",',
        '  "variant": "post-api",',
        '  "request": {',
        '    "method": "POST",',
        '    "path": "/api/action/datastore_search",',
        '    "params": {',
        '      "a": 2,',
        '      "z": 1',
        '    }',
        '  },',
        '  "rules": [],',
        '  "status": 200,',
        '  "body": {',
        '    "result": {',
        '      "fields": [',
        '        {"id":"a","type":"int"}',
        '      ],',
        '      "records": [',
        '        {"a":2,"b":1},',
        '        {"a":4,"b":3}',
        '      ]',
        '    },',
        '    "success": true',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(parseBaselineFile(text)).toEqual({ ok: true, file: JSON.parse(text) });
  });

  it('refuses a JSON file that is not a baseline file', () => {
    expect(parseBaselineFile('{"case": "a"}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not a baseline file: \/ must have required property/),
    });
  });
});
