import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendStepSummary, capMarkdown, renderMarkdown, STEP_SUMMARY_MAX_BYTES, writeReports } from '../../src/reporters/index.ts';
import { buildCase, buildMixedRun, buildRun } from './build-result.ts';

describe('renderMarkdown', () => {
  it('matches the stored snapshot', async () => {
    await expect(renderMarkdown(buildMixedRun())).toMatchFileSnapshot('./__snapshots__/summary.md');
  });

  it('shows the counts table by class and each failing case with its first finding', () => {
    const text = renderMarkdown(buildMixedRun());
    expect(text).toContain('| search.core | 2 | 1 | 0 | 0 | 1 | 0 | 0 |');
    expect(text).toContain('| **all** | 6 | 1 | 1 | 1 | 1 | 0 | 1 | 1 |');
    expect(text).toContain('- **error** `errors/timeout`: ');
    expect(text).not.toContain('<script>');
    expect(text).toContain('&lt;script&gt;');
  });

  it('says passed and lists no failures when nothing failed', () => {
    const text = renderMarkdown(buildRun([buildCase()]));
    expect(text).toMatch(/^## datastore-kit conformance: ✅ passed/);
    expect(text).not.toContain('Failing cases');
  });

  it('lists at most maxFailures failing cases', () => {
    const cases = Array.from({ length: 5 }, (_, i) => buildCase({ id: `c${i}`, status: 'error', error: { code: 'E', message: `m${i}` } }));
    const text = renderMarkdown(buildRun(cases), { maxFailures: 2 });
    expect(text.match(/^- \*\*error\*\*/gm)).toHaveLength(2);
    expect(text).toContain('- … and 3 more');
  });

  it('lists one line per root cause, with how many variants it failed', () => {
    const finding = { rule: 'baseline', path: '/result/records', message: 'record _id=2 changed: "subject" "German" -> "French"' };
    const cases = Array.from({ length: 34 }, (_, i) => buildCase({ id: `v${i}`, status: 'fail', findings: [finding] }));
    const text = renderMarkdown(buildRun(cases));
    expect(text).toContain('### Failing cases (34, 1 root cause)');
    expect(text.match(/^- \*\*fail\*\*/gm)).toHaveLength(1);
    expect(text).toContain('- **fail** `v0` and 33 more variants: baseline /result/records: record \\_id=2 changed: "subject" "German" -&gt; "French"');
  });
});

describe('appendStepSummary', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'step-summary-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('appends to what earlier steps wrote', async () => {
    const path = join(dir, 'summary');
    await writeFile(path, '# earlier step\n');
    await appendStepSummary(path, '## ours\n');
    expect(await readFile(path, 'utf8')).toBe('# earlier step\n\n## ours\n');
  });

  it('keeps the file under 1 MiB, cutting at a line with a note', async () => {
    const path = join(dir, 'summary');
    await writeFile(path, 'x'.repeat(1000));
    const huge = Array.from({ length: 40_000 }, (_, i) => `- line ${i} é ✅ ${'y'.repeat(20)}`).join('\n');
    const written = await appendStepSummary(path, huge);
    const size = (await stat(path)).size;
    expect(size).toBeLessThanOrEqual(STEP_SUMMARY_MAX_BYTES);
    expect(size).toBeGreaterThan(STEP_SUMMARY_MAX_BYTES - 200);
    expect(written).toBe(size - 1000);
    const text = await readFile(path, 'utf8');
    expect(text).toMatch(/- line \d+ é ✅ y{20}\n\n> Summary cut to stay under the 1 MiB step summary limit/);
    expect(text).not.toContain('\uFFFD');
  });

  it('is written by writeReports when stepSummaryPath is set, even without the md format', async () => {
    const path = join(dir, 'gh-summary');
    const run = buildMixedRun();
    await writeReports(run, { formats: ['json'], outDir: join(dir, 'out'), stepSummaryPath: path });
    expect(await readFile(path, 'utf8')).toBe(renderMarkdown(run));
  });
});

describe('capMarkdown', () => {
  it.each([
    ['fits', 'short\ntext\n', 100, 'short\ntext\n'],
    ['nothing fits', 'a'.repeat(50), 10, ''],
  ])('%s', (_name, input, maxBytes, expected) => {
    expect(capMarkdown(input, maxBytes)).toBe(expected);
  });

  it('never splits a multi-byte character', () => {
    const capped = capMarkdown('é'.repeat(200), 201);
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(201);
    expect(capped).not.toContain('\uFFFD');
  });
});
