import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderJunit } from '../../src/reporters/index.ts';
import { buildCase, buildMixedRun, buildRun } from './build-result.ts';
import { checkJunitShape } from './junit-shape.ts';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name) });

interface ParsedCase {
  '@name': string;
  '@classname': string;
  '@time': string;
  '@status'?: string;
  failure?: { '@message': string; '@type': string; '#text': string };
  error?: { '@message': string; '@type': string; '#text': string };
  skipped?: { '@message': string };
}

function parseCases(xml: string): ParsedCase[] {
  const document = parser.parse(xml) as { testsuites: { testsuite: Array<{ testcase?: ParsedCase[] }> } };
  return document.testsuites.testsuite.flatMap((suite) => suite.testcase ?? []);
}

describe('renderJunit', () => {
  it('renders a document that fits the JUnit XSD shape', () => {
    const xml = renderJunit(buildMixedRun({ shard: { index: 2, count: 3 }, target: { url: 'http://x', reference: false, profile: 'p.yaml' } }));
    expect(checkJunitShape(xml)).toEqual([]);
  });

  it('matches the stored snapshot', async () => {
    await expect(renderJunit(buildMixedRun())).toMatchFileSnapshot('./__snapshots__/junit.xml');
  });

  it('writes one testsuite per class and one uniquely named testcase per variant', () => {
    const run = buildMixedRun();
    const document = parser.parse(renderJunit(run)) as { testsuites: { testsuite: Array<{ '@name': string; '@tests': string }> } };
    expect(document.testsuites.testsuite.map((suite) => [suite['@name'], suite['@tests']])).toEqual([
      ['errors', '1'],
      ['filters', '1'],
      ['locale', '1'],
      ['search.core', '2'],
      ['sql', '1'],
    ]);
    const names = parseCases(renderJunit(run)).map((testcase) => testcase['@name']);
    expect(new Set(names).size).toBe(run.cases.length);
    expect(names).toContain('search/filters/either-or [GET fr /api/3/action]');
  });

  it('groups by case file when asked', () => {
    const xml = renderJunit(buildMixedRun(), { groupBy: 'file' });
    expect(checkJunitShape(xml)).toEqual([]);
    expect(xml).toContain('<testsuite name="search/core.yaml"');
  });

  it('puts the first finding in the failure attribute and every finding in its text', () => {
    const failure = parseCases(renderJunit(buildMixedRun())).find((testcase) => testcase.failure)?.failure;
    expect(failure?.['@message']).toBe('records.exact /result/records: records differ from the expected <script>alert(1)</script> ]]> set (+1 more)');
    expect(failure?.['@type']).toBe('records.exact');
    expect(failure?.['#text']).toContain('total /result/total: total is 3, expected 2');
    expect(failure?.['#text']).toContain('expected: [{"_id":1,"name":"Ada"},{"_id":2,"name":"Grace"}]');
  });

  it('maps error, skipped and not-applicable statuses to their elements', () => {
    const cases = parseCases(renderJunit(buildMixedRun()));
    const byName = new Map(cases.map((testcase) => [testcase['@name'], testcase]));
    expect(byName.get('errors/timeout')?.error?.['@type']).toBe('E_TIMEOUT');
    expect(byName.get('sql/basic')?.skipped?.['@message']).toBe('not applicable: target lacks capability sql');
    expect(byName.get('locale/fr')?.skipped?.['@message']).toBe('skipped by --bail');
    expect(byName.get('search/core/retry')?.failure).toBeUndefined();
    expect(byName.get('errors/timeout')?.['@time']).toBe('5.000');
  });

  it('gives a suite the wall time of its cases, not the sum of cases that ran in parallel', () => {
    const at = (id: string, second: number, durationMs: number) => buildCase({ id, caseId: id, startedAt: `2026-01-02T03:04:0${second}.000Z`, durationMs });
    // three 2 s cases of one class, sent at 0 s, 0 s and 1 s of a 3 s run: 3 s of wall time, not 6 s
    const run = buildRun([at('a', 5, 2000), at('b', 5, 2000), at('c', 6, 2000)], { durationMs: 3000 });
    expect(renderJunit(run)).toMatch(/<testsuite name="search.core" [^>]*time="3.000"/);
    // an older report without start times: the sum, never more than the run took
    const old = buildRun([buildCase({ id: 'a', durationMs: 2000 }), buildCase({ id: 'b', durationMs: 2000 })], { durationMs: 2500 });
    expect(renderJunit(old)).toMatch(/<testsuite name="search.core" [^>]*time="2.500"/);
  });

  it('marks a flaky case (passed on retry) as flaky, and only that one', () => {
    const cases = parseCases(renderJunit(buildMixedRun()));
    expect(cases.filter((testcase) => testcase['@status'] !== undefined).map((testcase) => [testcase['@name'], testcase['@status']])).toEqual([
      ['search/core/retry', 'flaky'],
    ]);
  });

  it('never prints the token from a curl command', () => {
    const xml = renderJunit(buildMixedRun());
    expect(xml).not.toContain('secret-token-value');
    expect(xml).toContain('Authorization: ***');
  });

  it('escapes markup, strips control characters and keeps newlines in attributes', () => {
    const run = buildRun([
      buildCase({ id: 'a&b <c> "d"', status: 'fail', findings: [{ rule: 'r', path: '', message: 'line1\nline2\u0001\u0007 ]]> \uFFFE end' }] }),
    ]);
    const xml = renderJunit(run);
    expect(checkJunitShape(xml)).toEqual([]);
    expect(xml).not.toMatch(/[\u0001\u0007\uFFFE]/);
    expect(xml).toContain('name="a&amp;b &lt;c&gt; &quot;d&quot;"');
    expect(xml).toContain('line1&#10;line2 ]]&gt;  end');
    const testcase = parseCases(xml)[0];
    expect(testcase?.['@name']).toBe('a&b <c> "d"');
  });

  it('renders an empty run as a valid document', () => {
    expect(checkJunitShape(renderJunit(buildRun([])))).toEqual([]);
  });
});

describe('checkJunitShape', () => {
  it('rejects documents that break the JUnit shape', () => {
    expect(checkJunitShape('<testsuites><testsuite name="x"/></testsuites>')).toContain('<testsuite name="x"> lacks required attribute tests');
    expect(checkJunitShape('<testsuites><testcase/></testsuites>').length).toBeGreaterThan(0);
    expect(checkJunitShape('<testsuites><oops></testsuites>')[0]).toMatch(/^not well-formed/);
  });
});
