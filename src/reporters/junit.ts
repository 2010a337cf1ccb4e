// JUnit XML in the shape GitLab and Jenkins read (the Ant/Jenkins JUnit schema): one <testsuite> per
// conformance class (or case file), one <testcase> per case variant, named by its unique result id.
import type { CaseResult, RunResult } from '../model/index.ts';
import { failedRunChecks } from '../schema/index.ts';
import { describeRun, type RunView } from './describe-run.ts';
import { summarize } from './summarize.ts';
import { describeBaselineChange, describeInterruption, describeOutcome, formatFindingDetail, formatRelated, redactCurl } from './text.ts';
import { escapeXmlText, renderAttributes } from './xml.ts';

/** Options of `renderJunit`. */
export interface JunitOptions {
  /** Group test cases into suites by conformance class (default) or by case file. */
  groupBy?: 'class' | 'file';
}

/** Renders the run as JUnit XML (UTF-8 text, ends with a newline). Pure: time and host come from `result`. */
export function renderJunit(result: RunResult, options: JunitOptions = {}): string {
  return [...renderJunitChunks(result, options)].join('');
}

/** The same document as `renderJunit`, a testcase at a time: the report writer streams it, never holding it whole. */
export function* renderJunitChunks(result: RunResult, options: JunitOptions = {}): Generator<string> {
  const groups = groupCases(result.cases, options.groupBy ?? 'class');
  const timestamp = toJunitTimestamp(result.startedAt);
  const view = describeRun(result, []);
  const properties = renderProperties(result, view);
  const run = renderRunSuite(result, { index: groups.size, timestamp, properties });
  const { summary } = result;
  const rootAttributes = renderAttributes({
    name: result.kit.name,
    tests: summary.total + run.failures + run.errors,
    failures: summary.fail + run.failures,
    errors: summary.error + run.errors,
    skipped: summary.skipped + summary.notApplicable + (summary.known ?? 0),
    time: toSeconds(result.durationMs),
    timestamp,
  });
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${rootAttributes}>\n`;
  let index = 0;
  for (const [name, cases] of groups) {
    yield* renderSuite({ name, cases, index, timestamp, hostname: result.hostname, properties, runDurationMs: result.durationMs });
    index += 1;
  }
  yield `${run.text}</testsuites>\n`;
}

interface SuiteInput {
  name: string;
  cases: readonly CaseResult[];
  index: number;
  timestamp: string;
  hostname: string;
  properties: string;
  runDurationMs: number;
}

/**
 * A suite's time is the wall time from its first request to its last answer: cases run in parallel, so the sum
 * of their durations overstates it (15 s for a 3 s run). Without start times (older reports) the sum, capped
 * at the run's duration.
 */
function wallTimeMs(cases: readonly CaseResult[], runDurationMs: number): number {
  const starts = cases.map((c) => Date.parse(c.startedAt ?? ''));
  const sent = cases.flatMap((c, i) => (Number.isFinite(starts[i]) ? [{ start: starts[i] ?? 0, end: (starts[i] ?? 0) + c.durationMs }] : []));
  if (sent.length > 0) return Math.max(...sent.map((s) => s.end)) - Math.min(...sent.map((s) => s.start));
  return Math.min(
    runDurationMs,
    cases.reduce((sum, result) => sum + result.durationMs, 0),
  );
}

function* renderSuite(suite: SuiteInput): Generator<string> {
  const { summary } = summarize(suite.cases);
  const durationMs = wallTimeMs(suite.cases, suite.runDurationMs);
  const attributes = renderAttributes({
    name: suite.name,
    id: suite.index,
    package: suite.name,
    hostname: suite.hostname,
    timestamp: suite.timestamp,
    tests: summary.total,
    failures: summary.fail,
    errors: summary.error,
    skipped: summary.skipped + summary.notApplicable + (summary.known ?? 0),
    time: toSeconds(durationMs),
  });
  yield `  <testsuite${attributes}>\n${suite.properties}`;
  for (const result of suite.cases) yield renderTestcase(result, suite.name);
  yield '    <system-out/>\n    <system-err/>\n  </testsuite>\n';
}

/**
 * The run's own testcases: an interruption (an error), and each run check that failed (a core clause that decided
 * nothing, --min-applicable). Empty when the run has neither.
 */
// why: CI reads JUnit counts; an interrupted or inconclusive run must not read as 0 failures
function renderRunSuite(
  result: RunResult,
  suite: { index: number; timestamp: string; properties: string },
): { text: string; failures: number; errors: number } {
  const message = describeInterruption(result);
  const checks = failedRunChecks(result);
  const errors = message === '' ? 0 : 1;
  if (errors + checks.length === 0) return { text: '', failures: 0, errors: 0 };
  const attributes = renderAttributes({
    name: 'run',
    id: suite.index,
    package: 'run',
    hostname: result.hostname,
    timestamp: suite.timestamp,
    tests: errors + checks.length,
    failures: checks.length,
    errors,
    skipped: 0,
    time: toSeconds(0),
  });
  const testcase = (name: string, body: string): string =>
    `    <testcase${renderAttributes({ name, classname: 'run', time: toSeconds(0) })}>\n${body}    </testcase>\n`;
  const cases = [
    ...(errors === 0 ? [] : [testcase('run interrupted', element('error', { message, type: 'interrupted' }, message))]),
    ...checks.map((c) => testcase(`run check ${c.check}`, element('failure', { message: c.message, type: c.check }, c.message))),
  ];
  return {
    text: `  <testsuite${attributes}>\n${suite.properties}${cases.join('')}    <system-out/>\n    <system-err/>\n  </testsuite>\n`,
    failures: checks.length,
    errors,
  };
}

function renderTestcase(result: CaseResult, suiteName: string): string {
  const attributes = renderAttributes({
    name: result.id,
    classname: suiteName,
    time: toSeconds(result.durationMs),
    file: result.file,
    // why: JUnit has no flaky outcome; the XSD's status attribute marks it, so a flaky pass is not a plain pass
    status: result.status === 'flaky' ? 'flaky' : undefined,
  });
  const body = renderOutcome(result);
  return body === '' ? `    <testcase${attributes}/>\n` : `    <testcase${attributes}>\n${body}    </testcase>\n`;
}

function renderOutcome(result: CaseResult): string {
  const headline = describeOutcome(result);
  switch (result.status) {
    case 'fail': {
      const type = result.findings[0]?.rule ?? 'fail';
      const text = [...result.findings.map((finding) => formatFindingDetail(finding)), ...exchangeLines(result), ...formatRelated(result)];
      return element('failure', { message: headline, type }, text.join('\n'));
    }
    case 'error': {
      const text = [headline, ...exchangeLines(result)];
      return element('error', { message: headline, type: result.error?.code ?? 'error' }, text.join('\n'));
    }
    case 'skipped':
    case 'not-applicable': {
      const message = result.status === 'skipped' ? headline : `not applicable: ${headline}`;
      return `      <skipped${renderAttributes({ message })}/>\n`;
    }
    case 'known': {
      // why: JUnit has no such outcome; a skip with the reason keeps a CI page green, the findings stay readable
      const text = [...result.findings.map((finding) => formatFindingDetail(finding)), ...exchangeLines(result)];
      return `      <skipped${renderAttributes({ message: headline, type: 'known-deviation' })}/>\n      <system-out>${escapeXmlText(text.join('\n'))}</system-out>\n`;
    }
    case 'flaky':
      return `      <system-out>${escapeXmlText([`flaky: ${headline}`, describeBaselineChange(result)].filter(Boolean).join('\n'))}</system-out>\n`;
    case 'pass': {
      // why: a recorded or updated baseline is no failure, but the CI page should say the file changed
      const change = describeBaselineChange(result);
      return change === '' ? '' : `      <system-out>${escapeXmlText(change)}</system-out>\n`;
    }
  }
}

function element(name: string, attributes: Record<string, string>, text: string): string {
  return `      <${name}${renderAttributes(attributes)}>${escapeXmlText(text)}</${name}>\n`;
}

function exchangeLines(result: CaseResult): string[] {
  const exchange = result.exchange;
  if (exchange === undefined) return [];
  const lines = ['', `request: ${redactCurl(exchange.curl)}`];
  if (exchange.response !== undefined) {
    lines.push(`response: HTTP ${exchange.response.status} in ${Math.round(exchange.response.durationMs)} ms`);
  }
  return lines;
}

function renderProperties(result: RunResult, view: RunView): string {
  // why first: what the run means per conformance class leads, as in every report
  const entries: Array<[string, string]> = [
    ...view.verdicts.flatMap(
      (v): Array<[string, string]> => [
        [`verdict.${v.class}`, v.outcome],
        [`verdict.${v.class}.text`, v.line],
      ],
    ),
    ['kit.name', result.kit.name],
    ['kit.version', result.kit.version],
    ['target.url', result.target.url],
    ['target.reference', String(result.target.reference)],
  ];
  if (result.target.profile !== undefined) entries.push(['target.profile', result.target.profile]);
  const ckan = result.target.ckan;
  if (ckan !== undefined) entries.push(['target.ckan.version', ckan.version ?? 'unknown'], ['target.ckan.reason', ckan.reason]);
  if (result.contract !== undefined) entries.push(['contract', result.contract.profile], ['contract.reason', result.contract.reason]);
  if (result.shard !== undefined) entries.push(['shard', `${result.shard.index}/${result.shard.count}`]);
  if (result.interrupted !== undefined) entries.push(['interrupted', `${result.interrupted.ran} ran, ${result.interrupted.notRun} not run`]);
  const baseline = result.baseline;
  if (baseline !== undefined) {
    entries.push(['baseline.dir', baseline.dir], ['baseline.update', baseline.update]);
    for (const outcome of ['match', 'differs', 'missing', 'recorded', 'updated'] as const) entries.push([`baseline.${outcome}`, String(baseline[outcome])]);
  }
  // why: JUnit has no "not applicable"; the vacuous ones among the skipped test cases are counted here
  entries.push(
    ['summary.notApplicable', String(result.summary.notApplicable)],
    ['summary.vacuous', String(result.summary.vacuous ?? 0)],
    ['summary.known', String(result.summary.known ?? 0)],
  );
  for (const warning of view.warnings) entries.push(['summary.warning', warning.text]);
  const lines = entries.map(([name, value]) => `      <property${renderAttributes({ name, value })}/>\n`);
  return `    <properties>\n${lines.join('')}    </properties>\n`;
}

function groupCases(cases: readonly CaseResult[], groupBy: 'class' | 'file'): Map<string, CaseResult[]> {
  const groups = new Map<string, CaseResult[]>();
  for (const result of cases) {
    const key = groupBy === 'class' ? result.class : result.file;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [result]);
    else group.push(result);
  }
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The JUnit schema's timestamp has no zone designator: render it in UTC, cut to whole seconds. */
function toJunitTimestamp(isoTime: string): string {
  const time = Date.parse(isoTime);
  return Number.isNaN(time) ? isoTime.slice(0, 19) : new Date(time).toISOString().slice(0, 19);
}

function toSeconds(durationMs: number): string {
  return (durationMs / 1000).toFixed(3);
}
