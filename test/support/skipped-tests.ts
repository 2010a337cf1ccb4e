// A Vitest reporter that lists every skipped test at the end of a run with why it was skipped: the note of
// `context.skip(note)`, else the "(skipped: ...)" its name or a suite's name carries (the suite's `skipIf` states
// its reason there), so a skip cannot pass unnoticed among the `↓` lines in the middle of the output. A skip that
// gives no reason says so.
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const NAMED_REASON = /\(skipped: (.+?)\)(?: >|$)/;

interface Skipped {
  file: string;
  name: string;
  reason: string;
}

/** The test's own note, else the reason its name or a suite's name states, else that none was given. */
function findSkipReason(test: TestCase): string {
  const result = test.result();
  const note = result.state === 'skipped' ? result.note : undefined;
  if (note !== undefined && note !== '') return note;
  return NAMED_REASON.exec(test.fullName)?.[1] ?? 'no reason given (it.skip, or left out by -t)';
}

/** The lines printed for the skipped tests of these modules; none when nothing was skipped. */
function describeSkipped(modules: readonly TestModule[], root: string): string[] {
  const skipped: Skipped[] = [];
  for (const module of modules) {
    const file = module.moduleId.startsWith(root) ? module.moduleId.slice(root.length + 1) : module.moduleId;
    for (const test of module.children.allTests('skipped')) skipped.push({ file, name: test.fullName, reason: findSkipReason(test) });
  }
  if (skipped.length === 0) return [];
  const byReason = new Map<string, Skipped[]>();
  for (const test of skipped) byReason.set(test.reason, [...(byReason.get(test.reason) ?? []), test]);
  const lines = [`\nSkipped tests (${skipped.length}), by why:`];
  for (const [reason, tests] of byReason) lines.push(`  ${reason} (${tests.length}):`, ...tests.map(({ file, name }) => `    ${file} > ${name}`));
  return lines;
}

export default class SkippedTests implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const lines = describeSkipped(modules, this.root);
    if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  }
}
