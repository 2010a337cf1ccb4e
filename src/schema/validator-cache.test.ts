import { readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/helpers/temp-dirs.ts';
import { createAjv } from './ajv.ts';
import { CaseFileSchema } from './case.ts';
import { openValidatorCache } from './validator-cache.ts';

const tempDir = useTempDirs('dsk-validators-');

// A schema of its own (not compiled elsewhere in this process), with formats, patterns, unions and nesting.
const schema = {
  type: 'object',
  required: ['id', 'when', 'items'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[a-z]+(/[a-z-]+)*$' },
    when: { type: 'string', format: 'date-time' },
    site: { type: 'string', format: 'uri' },
    items: {
      type: 'array',
      minItems: 1,
      items: {
        anyOf: [
          { type: 'integer', minimum: 0 },
          { type: 'string', maxLength: 3 },
        ],
      },
    },
  },
};
const samples: unknown[] = [
  { id: 'search/q', when: '2026-11-26T10:00:00Z', site: 'https://example.org/a', items: [1, 'ab'] },
  { id: 'Search', when: 'yesterday', site: 'not a uri', items: [-1, 'abcd', null], extra: true },
  { items: [] },
  'not an object',
];

describe('openValidatorCache', () => {
  it('gives back a saved validator that judges exactly as the compiled one, errors included', () => {
    const dir = tempDir();
    const cache = openValidatorCache(dir, 'setup-a');
    expect(cache).toBeDefined();
    expect(cache?.load(schema)).toBeUndefined();
    const compiled = createAjv().compile(schema);
    cache?.save(schema, createAjv(), compiled);
    expect(readdirSync(dir).filter((name) => name.endsWith('.cjs'))).toHaveLength(1);
    const loaded = openValidatorCache(dir, 'setup-a')?.load(schema);
    expect(loaded).toBeTypeOf('function');
    expect(loaded).not.toBe(compiled);
    for (const sample of samples) {
      const valid = compiled(sample);
      expect(loaded?.(sample)).toBe(valid);
      expect(loaded?.errors ?? null).toEqual(compiled.errors ?? null);
    }
    expect(compiled(samples[1])).toBe(false);
    expect(compiled.errors?.length).toBeGreaterThan(4);
  });

  it('keeps a large schema of ours (the case file schema) the same', () => {
    const dir = tempDir();
    const compiled = createAjv().compile(CaseFileSchema);
    openValidatorCache(dir, 'setup-a')?.save(CaseFileSchema, createAjv(), compiled);
    const loaded = openValidatorCache(dir, 'setup-a')?.load(CaseFileSchema);
    const bad = { cases: [{ id: 'Bad Id', request: { method: 'PUT', action: 42 } }], extra: 1 };
    expect(compiled(bad)).toBe(false);
    expect(loaded?.(bad)).toBe(false);
    expect(loaded?.errors).toEqual(compiled.errors);
  });

  it('misses when the schema or the Ajv setup differ', () => {
    const dir = tempDir();
    openValidatorCache(dir, 'setup-a')?.save(schema, createAjv(), createAjv().compile(schema));
    expect(openValidatorCache(dir, 'setup-b')?.load(schema)).toBeUndefined();
    expect(openValidatorCache(dir, 'setup-a')?.load({ ...schema, minProperties: 1 })).toBeUndefined();
  });

  it('treats an entry that does not evaluate, exports no function or loads another module as a miss', () => {
    const dir = tempDir();
    const cache = openValidatorCache(dir, 'setup-a');
    cache?.save(schema, createAjv(), createAjv().compile(schema));
    const [entry] = readdirSync(dir);
    const entryPath = path.join(dir, entry ?? '');
    for (const code of ['this is not JavaScript (', 'module.exports = 42;', 'module.exports = require("node:child_process").exec;']) {
      writeFileSync(entryPath, code);
      expect(cache?.load(schema), code).toBeUndefined();
    }
  });

  it('is not used in a folder that is a symlink', () => {
    const real = tempDir();
    const link = path.join(tempDir(), 'link');
    symlinkSync(real, link);
    expect(openValidatorCache(link, 'setup-a')).toBeUndefined();
  });

  it('is not used where the folder cannot be made', () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, '');
    expect(openValidatorCache(path.join(file, 'validators'), 'setup-a')).toBeUndefined();
  });
});
