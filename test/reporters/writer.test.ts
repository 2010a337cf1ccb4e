import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseReportFormats, renderCtrf, renderHtml, renderJunit, writeReports } from '../../src/reporters/index.ts';
import { isKitError } from '../../src/errors.ts';
import { buildMixedRun } from './build-result.ts';

describe('writeReports', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reports-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each requested format under its file name, creating the directory', async () => {
    const run = buildMixedRun();
    const outDir = join(dir, 'nested', 'out');
    const paths = await writeReports(run, { formats: ['junit', 'json'], outDir });
    expect(paths).toEqual([join(outDir, 'report.json'), join(outDir, 'junit.xml')]);
    expect(JSON.parse(await readFile(join(outDir, 'report.json'), 'utf8'))).toEqual(run);
    expect(await readFile(join(outDir, 'junit.xml'), 'utf8')).toBe(renderJunit(run));
    expect((await readdir(outDir)).sort()).toEqual(['junit.xml', 'report.json']);
  });

  it('streams JUnit, HTML and CTRF to disk as exactly the documents their string renderers give', async () => {
    const empty = { ...buildMixedRun(), cases: [] };
    for (const [name, run] of [
      ['mixed', buildMixedRun()],
      ['empty', empty],
      ['interrupted', { ...buildMixedRun(), interrupted: { ran: 2, notRun: 3 } }],
    ] as const) {
      const outDir = join(dir, name);
      await writeReports(run, { formats: ['junit', 'html', 'ctrf'], outDir });
      expect(await readFile(join(outDir, 'junit.xml'), 'utf8'), name).toBe(renderJunit(run));
      expect(await readFile(join(outDir, 'report.html'), 'utf8'), name).toBe(renderHtml(run));
      expect(await readFile(join(outDir, 'ctrf.json'), 'utf8'), name).toBe(renderCtrf(run));
    }
  });
});

describe('parseReportFormats', () => {
  it.each([
    ['json', ['json']],
    ['junit,json', ['json', 'junit']],
    [' JSON , junit,json ', ['json', 'junit']],
    ['xml', ['junit']],
  ])('parses %j', (value, expected) => {
    expect(parseReportFormats(value)).toEqual(expected);
  });

  it('rejects an unknown format with a usage error naming the known ones', () => {
    try {
      parseReportFormats('json,pdf');
      expect.unreachable();
    } catch (error) {
      expect(isKitError(error) && error.code).toBe('E_USAGE');
      expect(String(error)).toContain('unknown report format "pdf" (known: json, junit');
    }
  });
});
