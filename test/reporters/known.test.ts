// A failure that a known bug of the target's CKAN release explains has its own status, `known`, in every report
// format, with CKAN's reference and the fixing release, and does not fail the run.
import { describe, expect, it } from 'vitest';
import { createConsoleListener, renderCtrf, renderHtml, renderJson, renderJunit, renderMarkdown } from '../../src/reporters/index.ts';
import { hasFailures } from '../../src/schema/index.ts';
import { buildCase, buildRun } from './build-result.ts';

const known = { release: '2.11.5', note: 'DISTINCT is applied after LIMIT', ref: 'ckan/ckan#8709', fixed: '2.12.0' };
const finding = { rule: 'records.exact', path: '/result/records', message: 'records differ' };
const run = buildRun([buildCase({ id: 'a/pass' }), buildCase({ id: 'ckan/distinct/values', status: 'known', known, findings: [finding] })]);

describe('known deviations in the reports', () => {
  it('are counted apart and do not fail the run', () => {
    expect(run.summary).toMatchObject({ total: 2, pass: 1, fail: 0, known: 1 });
    expect(hasFailures(run.summary)).toBe(false);
  });

  it('say the release, the bug, its reference and the fix in JSON, JUnit and CTRF', () => {
    expect(JSON.parse(renderJson(run))).toMatchObject({ summary: { known: 1 }, cases: [{}, { status: 'known', known }] });
    const junit = renderJunit(run);
    expect(junit).toContain('type="known-deviation"');
    expect(junit).toContain('known deviation of CKAN 2.11.5: DISTINCT is applied after LIMIT (ckan/ckan#8709; fixed in 2.12.0): records.exact');
    expect(junit).toContain('<property name="summary.known" value="1"/>');
    const ctrf = JSON.parse(renderCtrf(run)) as { results: { summary: { other: number }; tests: { status: string; rawStatus: string }[] } };
    expect(ctrf.results.summary.other).toBe(1);
    expect(ctrf.results.tests[1]).toMatchObject({ status: 'other', rawStatus: 'known' });
  });

  it('are listed in Markdown, HTML and the console summary', () => {
    expect(renderMarkdown(run)).toContain("### Known deviations of the target's CKAN release (1)");
    expect(renderHtml(run)).toContain('<span class="badge known">known</span>');
    let text = '';
    const listener = createConsoleListener({ stream: { write: (chunk: string) => (text += chunk) }, isTTY: false, colour: false, ci: false });
    listener.onCaseEnd?.(run.cases[1] ?? buildCase());
    listener.onRunEnd?.(run);
    expect(text).toContain('KNOWN ckan/distinct/values: known deviation of CKAN 2.11.5');
    expect(text).toContain("1 passed, 0 failed, 0 errored, 1 known deviation of the target's CKAN release, 0 skipped");
  });
});
