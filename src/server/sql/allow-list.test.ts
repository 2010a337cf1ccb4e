import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFunctionAllowed, loadAllowedFunctions, parseAllowedFunctions } from './allow-list.ts';

describe('parseAllowedFunctions', () => {
  it('trims lines, lower-cases unquoted entries, keeps quoted ones, skips blanks and comments', () => {
    expect(parseAllowedFunctions('  Upper \n"count"\n\n# note\r\nABS\n')).toEqual(['upper', '"count"', 'abs']);
  });
});

describe('isFunctionAllowed', () => {
  const entries = parseAllowedFunctions('upper\n"count"\n"MixedCase"\n');
  it.each([
    ['upper', true],
    ['UpPeR', true],
    ['count', true],
    ['CoUnT', false],
    ['COUNT', false],
    ['MixedCase', true],
    ['mixedcase', false],
    ['pg_sleep', false],
  ])('%s → %s', (name, expected) => {
    expect(isFunctionAllowed(name, entries)).toBe(expected);
  });

  it('normalises entries given directly in config the way the file loader does', () => {
    expect(isFunctionAllowed('LOWER', [' LOWER '])).toBe(true);
  });
});

describe('loadAllowedFunctions', () => {
  it('loads the project default list with documented side-effect-free functions only', async () => {
    const list = await loadAllowedFunctions();
    for (const name of ['upper', 'count', 'avg', 'row_number', 'json_build_object', 'array_agg', 'to_tsvector', 'generate_series', 'date_trunc']) {
      expect(list).toContain(name);
    }
    for (const name of ['pg_sleep', 'query_to_xml', 'dblink', 'lo_import', 'pg_read_file', 'set_config', 'nextval', 'current_setting', 'ts_rewrite']) {
      expect(list).not.toContain(name);
    }
    expect(new Set(list).size).toBe(list.length);
  });

  it('reads a given file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'allow-'));
    try {
      const file = join(dir, 'list.txt');
      await writeFile(file, 'Foo\n"Bar"\n');
      expect(await loadAllowedFunctions(file)).toEqual(['foo', '"Bar"']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
