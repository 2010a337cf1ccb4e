// Verdicts that cannot mislead: a run where most variants did not apply fails --min-applicable, and a CI baseline
// run whose profile token variable is unset stops before sending anything instead of skipping its private variants.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';

const ROOT = path.resolve('.');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-thin-'));
});

afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

async function writeProfile(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

describe('a thin run', () => {
  it('fails --min-applicable (exit 1) and says how many applied', async () => {
    const profile = await writeProfile(
      'thin.yaml',
      'name: thin\ndata: fixtures\nckan: "2.11"\ncapabilities: [ckan]\nresources:\n  courses: df356cc6-0e13-4ba8-bc98-c4706614881b\n',
    );
    const captured = captureIo(ROOT);
    const args = [
      'run',
      '--reference',
      '--profile',
      profile,
      '--id',
      'sql',
      '--id',
      'search/limit',
      '--min-applicable',
      '80',
      '--report',
      'json',
      '--out',
      path.join(dir, 'r'),
    ];
    const code = await main(args, captured.io);
    expect(code).toBe(1);
    // The counts follow the catalogue (new sql and search/limit cases add variants); what holds is that
    // the few that apply are named with their share, on both streams, and the share is under the floor.
    const shown = /^only (\d+) of (\d+) case variants applied \((\d+)%\); the others were not applicable to this target or skipped$/m.exec(captured.stdout());
    expect(shown).not.toBeNull();
    const [, applied, total, percent] = shown as RegExpExecArray;
    expect(Number(applied)).toBeGreaterThan(0);
    expect(Math.floor((100 * Number(applied)) / Number(total))).toBe(Number(percent));
    expect(Number(percent)).toBeLessThan(80);
    expect(captured.stderr()).toBe(`run: only ${applied} of ${total} case variants applied (${percent}%), fewer than --min-applicable 80\n`);
  }, 120_000);
});

describe('a baseline run on CI with the profile token variable unset', () => {
  it('stops with exit 2 before sending anything, naming the variable', async () => {
    const profile = await writeProfile('token.yaml', 'name: tok\ndata: other\ncapabilities: [private, token]\ntoken:\n  env: THIN_RUN_TOKEN\n');
    const captured = captureIo(ROOT, { CI: 'true' });
    const args = ['run', '--target', 'http://127.0.0.1:9', '--profile', profile, '--baseline', path.join(dir, 'baseline'), '--out', path.join(dir, 'r2')];
    const code = await main(args, captured.io);
    expect(code).toBe(2);
    expect(captured.stderr()).toMatch(/^profile "tok" reads its token from THIN_RUN_TOKEN, which is not set: on CI a --baseline run would leave/);
  });
});

describe('a baseline run that leaves files of the folder unchecked', () => {
  it('counts and lists them in the report and on the console', async () => {
    const baseline = path.join(dir, 'baseline-unchecked');
    const record = ['run', '--reference', '--id', 'search/limit/one', '--baseline', baseline, '--report', 'json', '--out', path.join(dir, 'r3')];
    expect(await main(record, captureIo(ROOT).io)).toBe(0);
    const captured = captureIo(ROOT, { CI: 'true' });
    const out = path.join(dir, 'r4');
    const code = await main(
      ['run', '--reference', '--id', 'search/limit/zero', '--baseline', baseline, '--update-baseline', 'missing', '--report', 'json', '--out', out],
      captured.io,
    );
    expect(code).toBe(0);
    const report: { baseline?: { unchecked?: number; uncheckedFiles?: string[] } } = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'));
    expect(report.baseline?.unchecked).toBe(2);
    expect(report.baseline?.uncheckedFiles?.every((f) => f.startsWith('search/limit/one'))).toBe(true);
    expect(captured.stdout()).toMatch(/^Baseline files not checked by this run: 2 \(search\/limit\/one/m);
  }, 120_000);
});
