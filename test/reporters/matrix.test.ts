// The compatibility matrix of hand-made runs: columns in release order, the rows that differ first, each known
// deviation with its runs, CKAN link and fix, and nothing of the runs' markup unescaped.
import { describe, expect, it } from 'vitest';
import { buildMatrix } from '../../src/reporters/index.ts';
import { linkReference } from '../../src/reporters/matrix.ts';
import { renderMatrixHtml, renderMatrixMarkdown } from '../../src/reporters/matrix-render.ts';
import { buildCase, buildRun } from './build-result.ts';

const release = (version: string) => ({
  target: { url: 'http://127.0.0.1:8800', reference: false, ckan: { version: '2.11' as const, release: version, reason: 'from status_show' } },
});
const distinct = (status: 'pass' | 'known') =>
  buildCase({
    id: 'ckan/distinct/values <b>',
    caseId: 'ckan/distinct/values',
    status,
    ...(status === 'known'
      ? { known: { release: '2.11.5', note: 'DISTINCT after LIMIT', ref: 'ckan/ckan#8709 ("sort on inner select")', fixed: '2.12.0' } }
      : {}),
  });

describe('buildMatrix', () => {
  const runs = [
    { source: 'runs/2.12', result: buildRun([buildCase(), distinct('pass')], release('2.12.0b0')) },
    { source: 'runs/2.11.5', result: buildRun([buildCase(), distinct('known')], release('2.11.5')) },
    { source: 'runs/2.11.2', result: buildRun([buildCase(), distinct('pass'), buildCase({ id: 'only/here', status: 'fail' })], release('2.11.2')) },
  ];
  const view = buildMatrix(runs);

  it('orders the columns by release and lists the rows that differ first', () => {
    expect(view.columns.map((c) => c.label)).toEqual(['CKAN 2.11.2', 'CKAN 2.11.5', 'CKAN 2.12.0b0']);
    expect(view.rows.map((r) => [r.id, r.differs, r.cells.map((c) => c?.status ?? '-')])).toEqual([
      ['ckan/distinct/values <b>', true, ['pass', 'known', 'pass']],
      ['only/here', true, ['fail', '-', '-']],
      ['search/core/basic', false, ['pass', 'pass', 'pass']],
    ]);
  });

  it('lists each known deviation with the runs it appears in, its link and the fixing release', () => {
    expect(view.deviations).toEqual([
      {
        caseId: 'ckan/distinct/values',
        note: 'DISTINCT after LIMIT',
        ref: 'ckan/ckan#8709 ("sort on inner select")',
        url: 'https://github.com/ckan/ckan/issues/8709',
        fixed: '2.12.0',
        columns: ['CKAN 2.11.5'],
      },
    ]);
  });

  it('names two runs of the same release by their folders', () => {
    const run = { source: 'runs/2.11.5', result: buildRun([buildCase()], release('2.11.5')) };
    const twice = buildMatrix([run, { ...run, source: 'again' }]);
    expect(twice.columns.map((c) => c.label)).toEqual(['CKAN 2.11.5 (runs/2.11.5)', 'CKAN 2.11.5 (again)']);
  });

  it('renders HTML with the link and escaped text, and Markdown with the delta and the same rows counted', () => {
    const html = renderMatrixHtml(view);
    expect(html).toContain('<a href="https://github.com/ckan/ckan/issues/8709">');
    expect(html).toContain('ckan/distinct/values &lt;b&gt;');
    expect(html).not.toContain('values <b>');
    const markdown = renderMatrixMarkdown(view);
    expect(markdown).toContain('| `ckan/distinct/values <b>` | pass | known | pass |');
    expect(markdown).toContain('](https://github.com/ckan/ckan/issues/8709) | 2.12.0 | CKAN 2.11.5 |');
    expect(markdown).toContain('1 case variants the same on every run (1 pass).');
  });
});

describe('linkReference', () => {
  it.each([
    ['ckan/ckan#8709 (PR ckan/ckan#8710)', 'https://github.com/ckan/ckan/issues/8709'],
    ['CVE-2026-42031 (GHSA-h7j7-3rx6-xvcg)', 'https://www.cve.org/CVERecord?id=CVE-2026-42031'],
    ['the SQLAlchemy 2 port of 2.11', undefined],
  ])('links %s', (ref, url) => {
    expect(linkReference(ref)).toBe(url);
  });
});
