// A variant that checked nothing on this data is counted apart (`vacuous`) in every report format, and every report
// warns of them with the one line describeRun writes.
import { describe, expect, it } from 'vitest';
import { createConsoleListener, renderCtrf, renderHtml, renderJson, renderJunit, renderMarkdown } from '../../src/reporters/index.ts';
import { VACUOUS_REASON } from '../../src/schema/index.ts';
import { buildCase, buildRun } from './build-result.ts';

const run = buildRun([
  buildCase({ id: 'a/pass' }),
  buildCase({ id: 'a/none', status: 'not-applicable', reason: VACUOUS_REASON }),
  buildCase({ id: 'a/none-too', status: 'not-applicable', reason: VACUOUS_REASON }),
  buildCase({ id: 'a/sql', status: 'not-applicable', reason: 'target lacks capability sql' }),
]);

/** The warning every report shows once (describeRun), with what to do. */
const VACUOUS_WARNING =
  '2 variants checked nothing on this data: their checks held only because the answer had no record to check (choose profile values that match some records, fewer than a page)';

describe('vacuous variants in the reports', () => {
  it('are counted in the summary and per class', () => {
    expect(run.summary).toMatchObject({ total: 4, pass: 1, notApplicable: 3, vacuous: 2 });
    expect(run.byClass['search.core']).toMatchObject({ notApplicable: 3, vacuous: 2 });
  });

  it('are counted in JSON, JUnit and CTRF', () => {
    expect(JSON.parse(renderJson(run))).toMatchObject({ summary: { vacuous: 2 } });
    const junit = renderJunit(run);
    expect(junit).toContain('<property name="summary.vacuous" value="2"/>');
    expect(junit).toContain(`message="not applicable: ${VACUOUS_REASON}"`);
    const ctrf = JSON.parse(renderCtrf(run)) as { results: { summary: { extra: unknown } } };
    const thin = 'only 1 of 4 case variants applied (25%); the others were not applicable to this target or skipped';
    const warning = `${thin}; ${VACUOUS_WARNING}`;
    expect(ctrf.results.summary.extra).toEqual({
      verdicts: [
        { class: 'api', title: 'API description', outcome: 'pass', text: 'API description: conforms (1 passed, 0 failed)' },
        { class: 'ckan', title: 'CKAN compatibility', outcome: 'not-tested', text: 'CKAN compatibility: not tested (the run names no CKAN release)' },
      ],
      skipped: 0,
      notApplicable: 3,
      vacuous: 2,
      known: 0,
      warning,
    });
    expect(junit).toContain(`<property name="summary.warning" value="${thin}"/>`);
    expect(junit).toContain(`<property name="summary.warning" value="${VACUOUS_WARNING}"/>`);
  });

  it('are counted in Markdown, HTML and the console summary', () => {
    const md = renderMarkdown(run);
    expect(md).toContain('| **all** | 4 | 1 | 0 | 0 | 0 | 0 | 0 | 3 | 2 |');
    expect(md).toContain(`**${VACUOUS_WARNING}.**`);
    expect(md).toContain('- 2 × checked nothing on this data (e.g. `a/none`)');
    expect(renderHtml(run)).toContain(`<p class="verdict warn">${VACUOUS_WARNING}</p>`);
    expect(renderHtml(run)).toMatch(
      /<th class="n">vacuous<\/th>[\s\S]*<strong>all classes<\/strong><\/td>(<td class="n[^"]*">\d+<\/td>){8}<td class="n">2<\/td>/,
    );
    let text = '';
    const listener = createConsoleListener({ stream: { write: (chunk: string) => (text += chunk) }, isTTY: false, colour: false, ci: false });
    listener.onRunEnd?.(run);
    expect(text).toContain(`${VACUOUS_WARNING}\n`);
    expect(text).toContain('3 not applicable (2 checked nothing on this data) of 4');
    expect(text).toMatch(/all +4 +1 +0 +0 +0 +0 +0 +3 +2\n/);
  });
});
