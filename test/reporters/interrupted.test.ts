// An interrupted run (SIGINT/SIGTERM) reads as interrupted in every format, never as a pass.
import { describe, expect, it } from 'vitest';
import { RunResultSchema } from '../../src/schema/report.ts';
import { mergeReports } from '../../src/index.ts';
import { createConsoleListener, CtrfReportSchema, renderCtrf, renderHtml, renderJson, renderJunit, renderMarkdown } from '../../src/reporters/index.ts';
import { compileSchema } from '../../src/schema/ajv.ts';
import { buildCase, buildRun } from './build-result.ts';

const notRun = (id: string) => buildCase({ id, caseId: id, status: 'skipped', durationMs: 0, reason: 'not run: the run was interrupted' });
const interruptedRun = buildRun([buildCase(), buildCase({ id: 'b', caseId: 'b' }), notRun('c'), notRun('d'), notRun('e')], {
  interrupted: { ran: 2, notRun: 3 },
});
const line = 'interrupted: 2 of 5 case variants ran, 3 not run';

describe('an interrupted run', () => {
  it('is a valid report that says so in JSON', () => {
    expect(compileSchema(RunResultSchema)(interruptedRun)).toBe(true);
    expect(JSON.parse(renderJson(interruptedRun))).toMatchObject({ interrupted: { ran: 2, notRun: 3 } });
  });

  it('is not "passed" in the Markdown summary', () => {
    const md = renderMarkdown(interruptedRun);
    expect(md.split('\n')[0]).toBe('## datastore-kit conformance: ⚠️ interrupted');
    expect(md).toContain(line);
    expect(md).not.toContain('passed');
  });

  it('has a red banner, not a green one, in HTML', () => {
    const html = renderHtml(interruptedRun);
    expect(html).toContain(`<p class="verdict bad">${line} (reported skipped)</p>`);
    expect(html).not.toContain('verdict ok');
  });

  it('counts as an error in JUnit', () => {
    const xml = renderJunit(interruptedRun);
    expect(xml).toMatch(/<testsuites [^>]*tests="6" failures="0" errors="1"/);
    expect(xml).toContain(`<error message="${line} (reported skipped)" type="interrupted">`);
  });

  it('counts as a failed test in CTRF, and stays valid CTRF', () => {
    const ctrf: unknown = JSON.parse(renderCtrf(interruptedRun));
    expect(compileSchema(CtrfReportSchema)(ctrf)).toBe(true);
    expect(ctrf).toMatchObject({ results: { summary: { tests: 6, failed: 1, extra: { interrupted: { ran: 2, notRun: 3 } } } } });
  });

  it('says so in the console verdict', () => {
    let text = '';
    createConsoleListener({ stream: { write: (t: string) => (text += t) }, isTTY: false, colour: false, ci: true }).onRunEnd?.(interruptedRun);
    expect(text).toContain(`${line} (reported skipped)\n`);
  });

  it('stays interrupted when merged with a complete shard', () => {
    const other = buildRun([buildCase({ id: 'x', caseId: 'x' })], { shard: { index: 2, count: 2 } });
    const merged = mergeReports([{ ...interruptedRun, shard: { index: 1, count: 2 } }, other]);
    expect(merged.interrupted).toEqual({ ran: 3, notRun: 3 });
  });

  it('a complete run mentions no interruption anywhere', () => {
    const done = buildRun([buildCase()]);
    for (const text of [renderMarkdown(done), renderHtml(done), renderJunit(done), renderCtrf(done), renderJson(done)]) {
      expect(text).not.toContain('interrupted');
    }
  });
});
