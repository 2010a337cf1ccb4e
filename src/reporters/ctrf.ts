// CTRF JSON (ctrf.io): the common JSON test report many CI dashboards and GitHub actions read.
import type { CaseResult, CaseStatus, RunResult } from '../model/index.ts';
import { failedRunChecks, isFailingStatus } from '../schema/index.ts';
import type { CtrfReport, CtrfStatus, CtrfTest } from './ctrf-schema.ts';
import { describeRun } from './describe-run.ts';
import { describeInterruption, describeOutcome, formatFindingDetail, formatRelated, redactCurl } from './text.ts';

/** The CTRF spec version this renderer follows. */
export const CTRF_SPEC_VERSION = '0.0.0';

// why: CTRF has no "error" or "not applicable"; both map to the nearest status and keep ours in rawStatus
const ctrfStatusOf = {
  pass: 'passed',
  fail: 'failed',
  error: 'failed',
  flaky: 'passed',
  skipped: 'skipped',
  'not-applicable': 'skipped',
  known: 'other',
} as const satisfies Record<CaseStatus, CtrfStatus>;

/** Renders the run as a CTRF document (pretty JSON, trailing newline). Pure. */
export function renderCtrf(result: RunResult): string {
  return [...renderCtrfChunks(result)].join('');
}

/**
 * renderCtrf's text in chunks, one test at a time, so a report of many thousand tests (about 800 bytes each) is
 * never one string in memory. The tests array of the frame is written out as JSON.stringify would indent it.
 */
export function* renderCtrfChunks(result: RunResult): Generator<string> {
  const runTests = toRunTests(result);
  const frame = JSON.stringify(ctrfDocument(result, [], runTests.length), null, 2);
  // why: the frame's only empty array named tests (summary.tests is a number)
  const at = frame.indexOf(EMPTY_TESTS) + EMPTY_TESTS.length - 1;
  if (result.cases.length === 0 && runTests.length === 0) {
    yield `${frame}\n`;
    return;
  }
  yield frame.slice(0, at);
  let separator = '';
  const item = (test: CtrfTest): string => {
    const text = `${separator}\n${TEST_INDENT}${JSON.stringify(test, null, 2).replaceAll('\n', `\n${TEST_INDENT}`)}`;
    separator = ',';
    return text;
  };
  for (const one of result.cases) yield item(toCtrfTest(one));
  for (const one of runTests) yield item(one);
  yield `\n    ${frame.slice(at)}\n`;
}

const EMPTY_TESTS = '"tests": []';
/** Where JSON.stringify(document, null, 2) puts a test: document > results > tests > item. */
const TEST_INDENT = ' '.repeat(6);

/** The CTRF document of a run, as a value. */
export function toCtrf(result: RunResult): CtrfReport {
  const runTests = toRunTests(result);
  return ctrfDocument(result, [...result.cases.map(toCtrfTest), ...runTests], runTests.length);
}

/** The CTRF document around `tests`; `extra` run tests (an interruption, failed run checks) count as failed. */
function ctrfDocument(result: RunResult, tests: CtrfTest[], extra: number): CtrfReport {
  const { summary } = result;
  const view = describeRun(result, []);
  const start = toEpochMs(result.startedAt);
  const stop = toEpochMs(result.finishedAt);
  return {
    reportFormat: 'CTRF',
    specVersion: CTRF_SPEC_VERSION,
    timestamp: result.finishedAt,
    generatedBy: result.kit.name,
    results: {
      tool: { name: result.kit.name, version: result.kit.version },
      summary: {
        tests: summary.total + extra,
        passed: summary.pass + summary.flaky,
        failed: summary.fail + summary.error + extra,
        skipped: summary.skipped + summary.notApplicable,
        pending: 0,
        other: summary.known ?? 0,
        flaky: summary.flaky,
        suites: Object.keys(result.byClass).length,
        start,
        stop: Math.max(start, stop),
        duration: Math.round(result.durationMs),
        // why: CTRF's skipped merges ours with not applicable; these keep them apart, vacuous ones included
        extra: {
          // why first: what the run means per conformance class leads, as in every report
          verdicts: view.verdicts.map((v) => ({ class: v.class, title: v.title, outcome: v.outcome, text: v.line })),
          skipped: summary.skipped,
          notApplicable: summary.notApplicable,
          vacuous: summary.vacuous ?? 0,
          known: summary.known ?? 0,
          ...(view.warnings.length === 0 ? {} : { warning: view.warnings.map((w) => w.text).join('; ') }),
          ...(result.interrupted === undefined ? {} : { interrupted: { ...result.interrupted } }),
          ...(result.baseline === undefined ? {} : { baseline: { ...result.baseline } }),
        },
      },
      tests,
      environment: {
        reportName: `${result.kit.name} against ${result.target.url}`,
        testEnvironment: result.target.url,
        extra: {
          hostname: result.hostname,
          reference: result.target.reference,
          ...(result.target.profile === undefined ? {} : { profile: result.target.profile }),
          ...(result.target.ckan === undefined ? {} : { ckanVersion: result.target.ckan.version ?? 'unknown', ckanVersionReason: result.target.ckan.reason }),
          ...(result.contract === undefined ? {} : { contract: result.contract.profile, contractReason: result.contract.reason }),
          ...(result.shard === undefined ? {} : { shard: `${result.shard.index}/${result.shard.count}` }),
        },
      },
    },
  };
}

function toCtrfTest(result: CaseResult): CtrfTest {
  const test: CtrfTest = {
    name: result.id,
    status: ctrfStatusOf[result.status],
    duration: Math.round(result.durationMs),
    suite: [result.class],
    rawStatus: result.status,
    tags: [...result.tags],
    type: 'api',
    filePath: result.file,
    parameters: { ...result.variant },
    extra: {
      caseId: result.caseId,
      title: result.title,
      spec: [...result.spec],
      ...(result.baseline === undefined ? {} : { baseline: toCtrfBaseline(result.baseline) }),
    },
  };
  if (result.known !== undefined) test.extra = { ...test.extra, knownDeviation: { ...result.known } };
  const message = describeOutcome(result);
  if (message !== '') test.message = message;
  const trace = renderTrace(result);
  if (trace !== '') test.trace = trace;
  if (result.status === 'flaky') {
    test.flaky = true;
    test.retries = Math.max(0, (result.exchange?.attempts ?? 1) - 1);
  }
  return test;
}

/** The variant's baseline outcome, its rules and its differences as one-line messages. */
function toCtrfBaseline(baseline: NonNullable<CaseResult['baseline']>): Record<string, unknown> {
  return {
    file: baseline.file,
    outcome: baseline.outcome,
    rules: [...baseline.rules],
    differences: baseline.differences.map((difference) => difference.message),
    ...(baseline.truncated === true ? { truncated: true } : {}),
  };
}

// why: dashboards count failed tests; an interrupted or inconclusive run must not read as all passed, so the
// interruption and each failed run check is one failed test
function toRunTests(result: RunResult): CtrfTest[] {
  const message = describeInterruption(result);
  const test = (name: string, rawStatus: string, text: string): CtrfTest => ({
    name,
    status: 'failed',
    duration: 0,
    suite: ['run'],
    rawStatus,
    type: 'api',
    message: text,
  });
  return [
    ...(message === '' ? [] : [test('run interrupted', 'interrupted', message)]),
    ...failedRunChecks(result).map((c) => test(`run check ${c.check}`, c.check, c.message)),
  ];
}

function renderTrace(result: CaseResult): string {
  if (!isFailingStatus(result.status)) return '';
  const lines = [...result.findings.map((finding) => formatFindingDetail(finding)), ...formatRelated(result)];
  if (result.exchange !== undefined) {
    lines.push(`request: ${redactCurl(result.exchange.curl)}`);
    if (result.exchange.response !== undefined) lines.push(`response: HTTP ${result.exchange.response.status}`);
  }
  return lines.join('\n');
}

function toEpochMs(isoTime: string): number {
  const time = Date.parse(isoTime);
  return Number.isNaN(time) ? 0 : time;
}
