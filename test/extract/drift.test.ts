// Drift between runs of the same extract: columns added, removed or retyped and the change in rows are said and
// recorded in the manifest; --fail-on-drift and --max-shrink turn them into exit 1, the file kept.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer } from '../../src/index.ts';
import { captureIo } from '../helpers/captured-io.ts';

let dir: string;
let fixtures: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsk-drift-'));
  fixtures = join(dir, 'fixtures');
  await cp('fixtures', fixtures, { recursive: true });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function extractOnce(out: string, ...flags: string[]): Promise<{ code: number; stderr: string }> {
  const server = await startReferenceServer({ fixturesDir: fixtures, port: 0 });
  try {
    const run = captureIo(dir, { CI: 'true' });
    const code = await main(['extract', '--target', server.url, '--resource', 'measurements', '--out', out, ...flags], run.io);
    return { code, stderr: run.stderr() };
  } finally {
    await server.close();
  }
}

/** Keeps the first `rows` data rows of measurements.csv and retypes `humidity` (int -> numeric) in datapackage.json. */
async function shrinkAndRetype(rows: number): Promise<void> {
  const csv = (await readFile(join(fixtures, 'measurements.csv'), 'utf8')).trimEnd().split('\n');
  await writeFile(join(fixtures, 'measurements.csv'), `${csv.slice(0, rows + 1).join('\n')}\n`);
  const pkg = await readFile(join(fixtures, 'datapackage.json'), 'utf8');
  await writeFile(join(fixtures, 'datapackage.json'), pkg.replace(/("name":\s*"humidity",\s*"type":\s*")integer(")/, '$1number$2'));
}

describe('extract drift', () => {
  it('says what changed since the previous run, records it, and fails with --fail-on-drift and --max-shrink', async () => {
    const out = join(dir, 'out');
    expect((await extractOnce(join(out, 'day-1.csv'))).code).toBe(0);
    await shrinkAndRetype(90);
    const second = await extractOnce(join(out, 'day-2.csv'), '--fail-on-drift', '--max-shrink', '25');
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/column humidity retyped since the run of .* \(day-1\.csv\): int4 -> numeric/);
    expect(second.stderr).toMatch(/rows -90 \(-50\.0%\) since the run of .*: 180 -> 90/);
    expect(second.stderr).toContain('drifted: the columns changed (--fail-on-drift); it lost 50.0% of the rows, more than --max-shrink 25');
    const manifest: unknown = JSON.parse(await readFile(join(out, 'day-2.csv.manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ rows: 90, drift: { previous: { file: 'day-1.csv', rows: 180 }, columnsRetyped: [{ id: 'humidity' }], rowChange: -90 } });
    const third = await extractOnce(join(out, 'day-3.csv'), '--fail-on-drift', '--max-shrink', '25');
    expect(third.code).toBe(0);
    expect(third.stderr).not.toContain('since the run of');
  });
});
