// A profile with a typo'd name stops `run` and `diff` before anything is sent (exit 2), with check's did-you-mean:
// a silently unused `locle` or `cuorses` would otherwise turn cases not applicable and the run green.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';

const ROOT = path.resolve('.');
let dir: string;
let profile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-typos-'));
  profile = path.join(dir, 'typo.yaml');
  await writeFile(
    profile,
    'name: typo\ndata: fixtures\nckan: "2.11"\ncapabilities: [sql, locle]\nresources:\n  cuorses: df356cc6-0e13-4ba8-bc98-c4706614881b\nvalues:\n  categoryFeild: stage\n',
  );
});

afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('a profile with typos', () => {
  it.each([
    ['run', ['run', '--target', 'http://127.0.0.1:9', '--out', 'reports-typo']],
    ['diff', ['diff', '--target', 'http://127.0.0.1:9', '--target', 'http://127.0.0.1:9', '--out', 'reports-typo']],
  ])('stops %s with exit 2, naming each typo and the name meant', async (_command, args) => {
    const captured = captureIo(ROOT);
    const code = await main([...args, '--profile', profile], captured.io);
    expect(code).toBe(2);
    const lines = captured.stderr().trim().split('\n');
    expect(lines).toEqual([
      `${profile}:4:21 /capabilities/1 unknown capability "locle" (did you mean locale?) (E_PROFILE_INVALID)`,
      `${profile}:6:3 /resources resource name "cuorses" is used by no case (did you mean courses?) (E_PROFILE_INVALID)`,
      `${profile}:8:3 /values value name "categoryFeild" is used by no case (did you mean categoryField?) (E_PROFILE_INVALID)`,
    ]);
  });

  it('still lets a smaller catalogue run with a profile written for the whole one', async () => {
    const captured = captureIo(ROOT);
    const out = path.join(dir, 'reports-small');
    const cases = path.join(dir, 'cases');
    await mkdir(cases);
    const one = { id: 'one', title: 'One record', spec: ['api.md#4.1/limit'], class: 'search.core' };
    const request = { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit: 1 } };
    await writeFile(path.join(cases, 'one.json'), JSON.stringify({ cases: [{ ...one, request, expect: { status: 200, records: { count: 1 } } }] }));
    const args = ['run', '--reference', '--cases', cases, '--profile', 'profiles/reference.yaml', '--report', 'json', '--out', out];
    const code = await main(args, captured.io);
    expect(captured.stderr()).toBe('');
    expect(code).toBe(0);
  }, 120_000);
});
