import { describe, expect, it } from 'vitest';
import { createConsoleListener, type ConsoleListenerOptions } from '../../src/reporters/index.ts';
import type { RunResult } from '../../src/model/index.ts';
import { buildCase, buildMixedRun, buildRun } from './build-result.ts';

function play(run: RunResult, options: Omit<ConsoleListenerOptions, 'stream'>, columns?: number): string {
  let text = '';
  const stream = { write: (chunk: string) => (text += chunk), ...(columns === undefined ? {} : { columns }) };
  const listener = createConsoleListener({ stream, ...options });
  listener.onRunStart?.({ total: run.cases.length, targetUrl: run.target.url });
  for (const result of run.cases) listener.onCaseEnd?.(result);
  listener.onRunEnd?.(run);
  return text;
}

describe('createConsoleListener', () => {
  it('prints plain lines off a TTY: one per failing, erroring or flaky case, then the summary', () => {
    const text = play(buildMixedRun(), { isTTY: false, colour: false, ci: false });
    expect(text).toMatchSnapshot();
    expect(text).not.toMatch(/[\r\u001b]/);
    expect(text).toContain('FAIL search/filters/either-or [GET fr /api/3/action]: records.exact /result/records: records differ');
    expect(text).toContain('ERROR errors/timeout: [POST] "http://127.0.0.1:8800/api/action/datastore_search": timeout after 5000 ms (E_TIMEOUT)');
    expect(text).not.toMatch(/^PASS/m);
    expect(text).toContain('search.core      2     1     0      0      1      0     0    0');
    expect(text.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed, 1 errored (1 flaky), 1 skipped, 1 not applicable of 6 in 1.50 s');
  });

  it('draws one progress line updated in place on a TTY, and clears it before the summary', () => {
    const text = play(buildMixedRun(), { isTTY: true, colour: false, ci: false }, 100);
    expect(text).toContain('[1/6] 1 passed search/core/basic');
    expect(text).toContain('\r\u001b[2KFAIL search/filters/either-or [GET fr /api/3/action]: records.exact');
    expect(text).toContain('\r\u001b[2K[6/6] 1 passed 1 failed 1 errored 1 flaky 1 skipped 1 n/a locale/fr\r\u001b[2K\nAPI description: does not conform');
    expect(text).not.toContain('\u001b[3');
  });

  it('cuts the progress line to the terminal width', () => {
    const text = play(buildMixedRun(), { isTTY: true, colour: true, ci: false }, 60);
    const progressLines = text
      .split(/\r\u001b\[2K|\n/)
      .map((part) => part.replace(/\u001b\[\d+m/g, ''))
      .filter((part) => part.startsWith('['));
    expect(progressLines).toHaveLength(6);
    expect(progressLines.every((line) => line.length <= 59)).toBe(true);
    expect(progressLines.at(-1)).toBe('[6/6] 1 passed 1 failed 1 errored 1 flaky 1 skipped 1 n/a …');
  });

  it('on CI, prints a plain progress line when the interval has passed, not after every case', () => {
    let clock = 0;
    const run = buildMixedRun();
    let text = '';
    const listener = createConsoleListener({
      stream: { write: (t: string) => (text += t) },
      isTTY: false,
      colour: false,
      ci: true,
      progressEveryMs: 5000,
      now: () => clock,
    });
    listener.onRunStart?.({ total: run.cases.length, targetUrl: run.target.url });
    run.cases.forEach((result, index) => {
      clock = [1000, 6000, 7000, 8000, 12000, 20000][index] ?? 0;
      listener.onCaseEnd?.(result);
    });
    const progress = text.split('\n').filter((line) => line.startsWith('['));
    // after 6 s (case 2) and 12 s (case 5); none after the last case, the summary follows it
    expect(progress).toEqual([
      '[2/6] 1 passed 1 failed search/filters/either-or [GET fr /api/3/action]',
      '[5/6] 1 passed 1 failed 1 errored 1 flaky 1 n/a sql/basic',
    ]);
  });

  it('prints plain lines on CI even when the stream is a TTY', () => {
    const text = play(buildMixedRun(), { isTTY: true, colour: false, ci: true });
    expect(text).not.toContain('\r');
    expect(text).not.toContain('[1/6]');
  });

  it('colours only when allowed', () => {
    const coloured = play(buildMixedRun(), { isTTY: true, colour: true, ci: false });
    expect(coloured).toContain('\u001b[31mFAIL\u001b[0m');
    expect(coloured).toContain('\u001b[31m2 passed, 1 failed');
  });

  it('cuts the failure list with a count of the rest', () => {
    const run = buildMixedRun();
    const text = play(run, { isTTY: false, colour: false, ci: true, maxFailures: 1 });
    expect(text).toContain('Failures (2):');
    expect(text).toContain('  … and 1 more (see the reports)');
  });

  it('lists one line per root cause, with how many variants it failed', () => {
    const finding = { rule: 'baseline', path: '/result/records', message: 'record _id=2 changed: "subject" "German" -> "French"' };
    const cases = Array.from({ length: 34 }, (_, i) => buildCase({ id: `v${i}`, status: 'fail', findings: [finding] }));
    const text = play(buildRun(cases), { isTTY: false, colour: false, ci: true });
    expect(text).toContain(
      'Failures (34, 1 root cause):\n  FAIL v0: baseline /result/records: record _id=2 changed: "subject" "German" -> "French" [and 33 more variants with this cause]\n',
    );
  });
});
