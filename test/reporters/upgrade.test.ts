// The upgrade report's renderers over a hand-made report: the change list by kind with its explanation, the
// example's curl commands and both answers, every value of the answers escaped (Markdown fences, HTML entities).
import { describe, expect, it } from 'vitest';
import { formatUpgradeSummary } from '../../src/reporters/index.ts';
import { renderUpgradeHtml } from '../../src/reporters/upgrade-html.ts';
import { renderUpgradeMarkdown } from '../../src/reporters/upgrade-text.ts';
import { traitsBetween } from '../../src/schema/ckan-traits/index.ts';
import type { UpgradeReport } from '../../src/schema/upgrade-report.ts';
import { createChangeList, toExplanation } from '../../src/upgrade/index.ts';

const between = traitsBetween('2.11.5', '2.12.0b0');
const list = createChangeList(between);
const pair = {
  id: 'request access.log:7',
  request: 'GET /api/3/action/datastore_search?resource_id=${resources.courses}&q=<script>',
  outcome: 'differ' as const,
  rules: [],
  differences: [{ kind: 'body' as const, path: '/result/_links', message: '/result/_links removed', expected: { start: '/x' } }],
  a: { curl: "curl --compressed 'http://127.0.0.1:1/api/3/action/datastore_search?q=%3Cscript%3E'", status: 200 },
  b: { curl: "curl --compressed 'http://127.0.0.1:2/api/3/action/datastore_search?q=%3Cscript%3E'", status: 200 },
};
const answer = (body: string) => ({
  response: { status: 200, headers: { 'content-type': 'application/json' }, body, bodyTruncated: false, durationMs: 1, attempts: 1 },
});
list.onAnswers(pair, { a: answer('{"result":{"_links":{"start":"</pre><script>alert(1)</script>"}}}'), b: answer('{"result":{}}') });
const changes = list.build([pair], () => 37);
const report: UpgradeReport = {
  schemaVersion: 1,
  kit: { name: 'datastore-kit', version: '0.1.0' },
  startedAt: '2026-12-01T10:00:00.000Z',
  durationMs: 1200,
  hostname: 'test-host',
  mode: 'reference',
  data: 'fixtures/ (the bundled fixtures)',
  from: { label: 'A', release: '2.11.5', url: 'http://127.0.0.1:1', reference: true },
  to: { label: 'B', release: '2.12.0b0', url: 'http://127.0.0.1:2', reference: true },
  summary: { total: 3, agree: 2, changed: 1, error: 0, changes: changes.length },
  sources: { catalogue: 0 },
  changes,
  traits: { between: between.map(toExplanation), unseen: ['next-page'] },
  pairs: [pair],
};

describe('the upgrade report', () => {
  it('prints each change under its kind with its CKAN explanation, the example and the verdict', () => {
    const text = formatUpgradeSummary(report);
    expect(text).toContain(
      '  Key removed (1):\n    /result/_links: 1 request (37 sent by clients)\n      CKAN: search-links (change, gone in B; releases up to 2.11.x)',
    );
    expect(text).toContain('e.g. request access.log:7: GET /api/3/action/datastore_search?resource_id=${resources.courses}&q=<script>');
    expect(text).toContain('CKAN changes in this range that no request here showed: next-page');
    expect(text).toMatch(/2\.11\.5 -> 2\.12\.0b0: 1 change a client sees \(1 of 3 request pairs answered differently, 0 got no answer from a side\)/);
  });

  it('writes Markdown with a table of the changes, the explanation linked by its reference and both answers fenced', () => {
    const markdown = renderUpgradeMarkdown(report);
    expect(markdown).toContain('| Key removed | /result/\\_links | 1 | search-links (');
    expect(markdown).toContain('```json\n{\n  "result": {\n    "_links": {\n      "start": "</pre><script>alert(1)</script>"');
    expect(markdown).toContain('<details><summary>The request and both answers</summary>');
  });

  it('escapes every value of the answers and the request in HTML', () => {
    const html = renderUpgradeHtml(report);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="#change-1">/result/_links</a>');
  });
});
