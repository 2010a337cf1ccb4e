import { describe, expect, it } from 'vitest';
import { renderCtrfChunks, toCtrf } from '../../src/reporters/ctrf.ts';
import { CtrfReportSchema, renderCtrf, type CtrfReport } from '../../src/reporters/index.ts';
import { compileSchema } from '../../src/schema/ajv.ts';
import { buildMixedRun, buildRun } from './build-result.ts';

function parseValid(text: string): CtrfReport {
  const parsed: unknown = JSON.parse(text);
  const validate = compileSchema<CtrfReport>(CtrfReportSchema);
  if (!validate(parsed)) throw new Error(`invalid CTRF: ${JSON.stringify(validate.errors)}`);
  return parsed;
}

describe('renderCtrf', () => {
  it('renders a document valid against the CTRF schema', () => {
    const report = parseValid(renderCtrf(buildMixedRun({ shard: { index: 1, count: 2 }, target: { url: 'http://t', reference: false, profile: 'p.yaml' } })));
    expect(report.reportFormat).toBe('CTRF');
    expect(report.results.environment?.extra).toEqual({ hostname: 'test-host', reference: false, profile: 'p.yaml', shard: '1/2' });
    expect(parseValid(renderCtrf(buildRun([]))).results.tests).toEqual([]);
  });

  it.each([
    ['a mixed run', buildMixedRun()],
    ['an empty run', buildRun([])],
    ['an interrupted run', buildMixedRun({ interrupted: { ran: 3, notRun: 2 } })],
    ['an interrupted run with no case', buildRun([], { interrupted: { ran: 0, notRun: 4 } })],
  ])('writes %s in chunks, one a test, exactly as JSON.stringify indents the whole document', (_name, run) => {
    const chunks = [...renderCtrfChunks(run)];
    expect(chunks.join('')).toBe(`${JSON.stringify(toCtrf(run), null, 2)}\n`);
    expect(chunks.length).toBe(toCtrf(run).results.tests.length === 0 ? 1 : toCtrf(run).results.tests.length + 2);
  });

  it('matches the stored snapshot', async () => {
    await expect(renderCtrf(buildMixedRun())).toMatchFileSnapshot('./__snapshots__/ctrf.json');
  });

  it('counts errors as failed and not-applicable as skipped, keeping our status in rawStatus', () => {
    const { results } = parseValid(renderCtrf(buildMixedRun()));
    expect(results.summary).toMatchObject({ tests: 6, passed: 2, failed: 2, skipped: 2, pending: 0, other: 0, flaky: 1, suites: 5 });
    expect(results.summary.start).toBe(Date.parse('2026-01-02T03:04:05.000Z'));
    expect(results.summary.stop - results.summary.start).toBe(1500);
    const byName = new Map(results.tests.map((test) => [test.name, test]));
    expect(byName.get('errors/timeout')).toMatchObject({ status: 'failed', rawStatus: 'error', suite: ['errors'] });
    expect(byName.get('sql/basic')).toMatchObject({ status: 'skipped', rawStatus: 'not-applicable', message: 'target lacks capability sql' });
    expect(byName.get('search/core/retry')).toMatchObject({ status: 'passed', flaky: true, retries: 1 });
  });

  it('carries the first finding as message and every finding as trace, without the token', () => {
    const text = renderCtrf(buildMixedRun());
    const failed = parseValid(text).results.tests.find((test) => test.rawStatus === 'fail');
    expect(failed?.message).toMatch(/^records\.exact \/result\/records: records differ .* \(\+1 more\)$/);
    expect(failed?.trace).toContain('total /result/total: total is 3, expected 2');
    expect(text).not.toContain('secret-token-value');
  });

  it('is rejected by the schema when a required field is missing', () => {
    const report = parseValid(renderCtrf(buildMixedRun()));
    const validate = compileSchema(CtrfReportSchema);
    expect(validate({ ...report, results: { ...report.results, summary: { ...report.results.summary, stop: undefined } } })).toBe(false);
    expect(validate({ ...report, results: { ...report.results, tests: [{ name: 'x', status: 'error', duration: 1 }] } })).toBe(false);
  });
});
