// JUnit XML in the shape GitLab and Jenkins read (the Ant/Jenkins JUnit schema): one <testsuite> per
// conformance class (or case file), one <testcase> per case variant, named by its unique result id.
import type { CaseResult, RunResult } from '../model/index.ts';
import { summarize } from './summarize.ts';
import { describeApplicability, describeBaselineChange, describeInterruption, describeOutcome, formatFindingDetail, redactCurl } from './text.ts';
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
  const properties = renderProperties(result);
  const interruption = renderInterruption(result, { index: groups.size, timestamp, properties });
  const { summary } = result;
  const extra = interruption === '' ? 0 : 1;
  const rootAttributes = renderAttributes({
    name: result.kit.name,
    tests: summary.total + extra,
    failures: summary.fail,
    errors: summary.error + extra,
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
  yield `${interruption}</testsuites>\n`;
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

// why: CI reads JUnit counts; an interrupted run must not read as 0 failures, so the interruption is an error
function renderInterruption(result: RunResult, suite: { index: number; timestamp: string; properties: string }): string {
  const message = describeInterruption(result);
  if (message === '') return '';
  const attributes = renderAttributes({
    name: 'run',
    id: suite.index,
    package: 'run',
    hostname: result.hostname,
    timestamp: suite.timestamp,
    tests: 1,
    failures: 0,
    errors: 1,
    skipped: 0,
    time: toSeconds(0),
  });
  const testcase = `    <testcase${renderAttributes({ name: 'run interrupted', classname: 'run', time: toSeconds(0) })}>\n${element('error', { message, type: 'interrupted' }, message)}    </testcase>\n`;
  return `  <testsuite${attributes}>\n${suite.properties}${testcase}    <system-out/>\n    <system-err/>\n  </testsuite>\n`;
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
      const text = [...result.findings.map((finding) => formatFindingDetail(finding)), ...exchangeLines(result)];
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

function renderProperties(result: RunResult): string {
  const entries: Array<[string, string]> = [
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
  const thin = describeApplicability(result.summary);
  if (thin !== '') entries.push(['summary.warning', thin]);
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
