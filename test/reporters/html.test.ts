import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/reporters/index.ts';
import { buildCase, buildMixedRun, buildRun } from './build-result.ts';

describe('renderHtml', () => {
  it('matches the stored snapshot', async () => {
    await expect(renderHtml(buildMixedRun())).toMatchFileSnapshot('./__snapshots__/report.html');
  });

  it('is one self-contained file: inline style, one inline script, no external assets', () => {
    const html = renderHtml(buildMixedRun());
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).not.toMatch(/<link|\bsrc=|@import|url\(|\beval\(|new Function|fetch\(|XMLHttpRequest/i);
  });

  it('lets only its own style and script run, and nothing be loaded (Content-Security-Policy with their hashes)', () => {
    const html = renderHtml(buildMixedRun());
    const hash = (text: string | undefined): string =>
      `'sha256-${createHash('sha256')
        .update(text ?? '')
        .digest('base64')}'`;
    const style = hash(/<style>([\s\S]*?)<\/style>/.exec(html)?.[1]);
    const script = hash(/<script>([\s\S]*?)<\/script>/.exec(html)?.[1]);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${style}; script-src ${script}; base-uri 'none'; form-action 'none'">`,
    );
  });

  it('escapes case data, so markup in findings, titles and bodies is shown, never run', () => {
    const html = renderHtml(buildMixedRun());
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('Filter with a list &lt;matches&gt; either value');
    expect(html).not.toContain('<b>');
  });

  it('escapes ids used as anchors and attribute values', () => {
    const html = renderHtml(buildRun([buildCase({ id: '"><img onerror=x>', status: 'error', error: { code: 'E', message: 'm' } })]));
    expect(html).not.toContain('<img');
    expect(html).toContain('&quot;&gt;&lt;img onerror=x&gt;');
  });

  it('shows failures first, with a path-level diff of expected and actual records', () => {
    const html = renderHtml(buildMixedRun());
    const failures = html.indexOf('<h2>Failures (2)</h2>');
    expect(failures).toBeGreaterThan(html.indexOf('Summary by conformance class'));
    expect(failures).toBeLessThan(html.indexOf('<h2>All cases (6)</h2>'));
    expect(html).toContain(
      '<td><code>/result/<wbr>records/<wbr>1/<wbr>name</code></td><td class="kind">changed</td><td class="exp">&quot;Grace&quot;</td><td class="act">&quot;Gr\\u0000ace &lt;b&gt;&quot;</td>',
    );
    expect(html).toContain('<td><code>/result/<wbr>total</code></td><td class="kind">changed</td><td class="exp">2</td><td class="act">3</td>');
  });

  it('shows the request as curl without the token, and the response status', () => {
    const html = renderHtml(buildMixedRun());
    expect(html).not.toContain('secret-token-value');
    expect(html).toContain('curl -sS -H &#39;Authorization: ***&#39;');
    expect(html).toContain('<h3>Response: HTTP 200 in 21 ms</h3>');
    expect(html).toContain('{\n  &quot;success&quot;: true,\n  &quot;result&quot;: {');
  });

  it('never prints authorization header values from a response either', () => {
    const run = buildMixedRun();
    const failing = run.cases[1];
    if (failing?.exchange?.response === undefined) throw new Error('fixture changed');
    failing.exchange.response.headers = { Authorization: 'leaked', 'content-type': 'application/json' };
    const html = renderHtml(run);
    expect(html).not.toContain('leaked');
    expect(html).toContain('Authorization: ***');
  });

  it('cuts long response bodies and caps diff rows', () => {
    const body = 'z'.repeat(10_000);
    const expected = Array.from({ length: 100 }, (_, i) => ({ i }));
    const run = buildRun([
      buildCase({
        status: 'fail',
        findings: [{ rule: 'records.exact', path: '/result/records', message: 'differ', expected, actual: [] }],
        exchange: {
          request: { method: 'GET', url: 'http://x', headers: {} },
          response: { status: 200, headers: {}, body, bodyTruncated: false, durationMs: 1 },
          attempts: 1,
          curl: 'curl http://x',
        },
      }),
    ]);
    const html = renderHtml(run, { maxBodyChars: 100, maxDiffEntries: 5 });
    expect(html).not.toContain('z'.repeat(100));
    expect(html).toContain(`${'z'.repeat(99)}…`);
    expect(html).toContain('(body cut)');
    expect(html.match(/class="kind">missing</g)).toHaveLength(5);
    expect(html).toContain('more differences not shown (first 5)');
  });

  it('says so when nothing failed', () => {
    const html = renderHtml(buildRun([buildCase()]));
    expect(html).toContain('No case failed or errored.');
    expect(html).toContain('class="verdict ok"');
  });
});

describe('renderHtml root causes', () => {
  it('lists a cause that failed several variants once, with how many', () => {
    const finding = { rule: 'baseline', path: '/result/records', message: 'record _id=2 changed: "subject" "German" -> "French"' };
    const cases = Array.from({ length: 34 }, (_, i) => buildCase({ id: `v${i}`, status: 'fail', findings: [finding] }));
    const html = renderHtml(buildRun(cases));
    expect(html).toContain(
      '<tr><td>baseline /result/records: record _id=2 changed: &quot;subject&quot; &quot;German&quot; -&gt; &quot;French&quot;</td><td class="n">34</td><td><code>v0</code></td></tr>',
    );
  });
});

describe('renderHtml filters and requests', () => {
  it('has a filter form, hidden until its script shows it, with a box and count per status the run has and its classes', () => {
    const html = renderHtml(buildMixedRun());
    expect(html).toContain('<form class="filters" id="filters" hidden>');
    const boxes = [
      ...html.matchAll(/name="status" value="([a-z-]+)"> <span class="badge [a-z-]+">([a-z ]+)<\/span> <span class="count" data-count="[a-z-]+">(\d+)</g),
    ];
    expect(boxes.map((m) => `${m[1]}=${m[2]}:${m[3]}`)).toEqual([
      'fail=failed:1',
      'error=errored:1',
      'flaky=flaky:1',
      'pass=passed:1',
      'not-applicable=not applicable:1',
      'skipped=skipped:1',
    ]);
    expect(html).toContain(
      '<option value="">all classes</option><option value="errors">errors (1)</option><option value="filters">filters (1)</option><option value="locale">locale (1)</option><option value="search.core">search.core (2)</option><option value="sql">sql (1)</option>',
    );
    expect(html).toContain('<output class="showing" aria-live="polite">showing 6 of 6 variants</output>');
  });

  it('ties each row and detail block to its variant by key, status and class (escaped)', () => {
    const run = buildMixedRun();
    const odd = buildCase({ id: 'odd', caseId: 'odd', class: 'x"><b>', status: 'fail', findings: [{ rule: 'r', path: '', message: 'm' }] });
    const html = renderHtml(buildRun([...run.cases, odd]));
    expect(html).toContain('<tr data-v="0" data-status="pass" data-class="search.core">');
    expect(html).toContain(
      '<details class="case fail" open id="case-search-filters-either-or-GET-fr-api-3-action-" data-v="1" data-status="fail" data-class="filters">',
    );
    expect(html).toContain('<tr data-v="1" data-status="fail" data-class="filters">');
    expect(html).toContain('data-v="6" data-status="fail" data-class="x&quot;&gt;&lt;b&gt;"');
    expect(html).not.toContain('<b>');
    // the failures are in a section the script hides when none of them is shown
    expect(html).toMatch(/<section class="group">\n<h2>Failures \(3\)<\/h2>[\s\S]*?<\/details>\n<\/section>\n<h2>Not applicable, by reason/);
  });

  it("shows a passing variant's request in its row, collapsed, with the token masked", () => {
    const pass = buildCase({
      exchange: {
        request: { method: 'POST', url: 'http://127.0.0.1:8800/api/3/action/datastore_search', headers: { authorization: '***' }, body: '{"limit":1}' },
        attempts: 1,
        curl: "curl -X POST http://127.0.0.1:8800/api/3/action/datastore_search -H 'authorization: secret-token-value' --data-raw '{\"limit\":1}'",
      },
    });
    const html = renderHtml(buildRun([pass]));
    expect(html).toContain(
      '<td><code>search/core/basic</code><div class="title">Basic search returns records</div><details class="request"><summary>POST /api/3/action/datastore_search</summary><pre>curl -X POST http://127.0.0.1:8800/api/3/action/datastore_search -H &#39;authorization: ***&#39; --data-raw &#39;{&quot;limit&quot;:1}&#39;</pre></details></td>',
    );
    expect(html).not.toContain('secret-token-value');
  });
});
