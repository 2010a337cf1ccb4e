// diff compares like with like: a target and a pass-through proxy in front of it agree (their deployment identity,
// hosts and site URL, is normalised), a proxy that lists tied records in another order agrees too (only the order
// a result promises is compared), and two targets with different profiles are sent the same request per pair.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { ReferenceServer } from '../../src/index.ts';
import { captureIo } from '../helpers/captured-io.ts';
import type { TestServer } from '../helpers/http-server.ts';
import { alterResult, passThrough } from '../mutants/alter.ts';
import { createUpstream, startMutantProxy, type MutantServer } from '../mutants/proxy.ts';
import { BIRDS_ID } from '../own/birds-data.ts';
import { startOwnImplementation } from '../own/own-implementation.ts';
import { ROOT, startServer, TOKEN } from './helpers.ts';

let dir: string;
let reference: ReferenceServer;
let proxy: MutantServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-like-'));
  reference = await startServer(path.join(ROOT, 'fixtures'));
  proxy = await startMutantProxy(passThrough, createUpstream(reference.url).upstream);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await reference?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

interface DiffJson {
  summary: { total: number; agree: number; differ: number };
  pairs: { id: string; a: { curl: string }; b: { curl: string }; differences: { message: string }[] }[];
  valuesDiffer?: string[];
}

async function diff(args: string[], out: string): Promise<{ code: number; report: DiffJson; stdout: string }> {
  const captured = captureIo(ROOT, { DIFF_TOKEN: TOKEN });
  const code = await main(['diff', '--token-env', 'DIFF_TOKEN', '--report', 'json', '--out', path.join(dir, out), ...args], captured.io);
  const report: DiffJson = JSON.parse(await readFile(path.join(dir, out, 'diff.json'), 'utf8'));
  return { code, report, stdout: captured.stdout() };
}

describe('diff of a target and a pass-through proxy in front of it', () => {
  it('agrees (exit 0) on the whole catalogue', async () => {
    const { code, report } = await diff(['--target', reference.url, '--target', proxy.url, '--profile', 'profiles/reference.yaml'], 'proxy');
    expect(report.pairs.map((p) => `${p.id}: ${p.differences[0]?.message ?? ''}`)).toEqual([]);
    expect(report.summary.agree).toBeGreaterThan(150);
    expect(code).toBe(0);
  }, 240_000);
});

/** The fields a result says it is sorted by (its echoed `sort`), or undefined when it echoes none. */
function sortFields(result: Record<string, unknown>): string[] | undefined {
  const sort = result['sort'];
  const clauses = typeof sort === 'string' ? sort.split(',') : Array.isArray(sort) ? sort.map(String) : [];
  const fields = clauses.map((clause) =>
    clause
      .trim()
      .replace(/(\s+(asc|desc))?(\s+nulls\s+(first|last))?$/i, '')
      .replace(/^"(.*)"$/, '$1'),
  );
  return fields.length === 0 ? undefined : fields;
}

/**
 * Reverses each run of records with equal values in `fields` (all of them when `fields` is empty), when every
 * record has those fields; counts the answers it changed.
 */
function reverseRuns(records: unknown[], fields: readonly string[], changed: { count: number }): unknown[] {
  if (!records.every((record) => fields.every((field) => Object.hasOwn(record as object, field)))) return records;
  const runs: unknown[][] = [];
  let last: string | undefined;
  for (const record of records) {
    const key = JSON.stringify(fields.map((field) => (record as Record<string, unknown>)[field]));
    if (key === last) runs.at(-1)?.push(record);
    else runs.push([record]);
    last = key;
  }
  const out = runs.flatMap((run) => [...run].reverse());
  if (JSON.stringify(out) !== JSON.stringify(records)) changed.count++;
  return out;
}

describe('diff of a target and a proxy that lists records in another order', () => {
  let ties: MutantServer;
  let sorted: MutantServer;
  const tiesChanged = { count: 0 };
  const sortedChanged = { count: 0 };

  beforeAll(async () => {
    const { upstream } = createUpstream(reference.url);
    // why: records with equal sort values (and a distinct search's without a sort) come in any order from PostgreSQL
    ties = await startMutantProxy(
      alterResult('datastore_search', (result) => {
        const records = result['records'];
        if (!Array.isArray(records)) return result;
        const fields = sortFields(result) ?? (result['distinct'] === true && result['q'] === undefined ? [] : undefined);
        return fields === undefined ? result : { ...result, records: reverseRuns(records, fields, tiesChanged) };
      }),
      upstream,
    );
    sorted = await startMutantProxy(
      alterResult('datastore_search', (result) => {
        const records = result['records'];
        const fields = sortFields(result);
        return Array.isArray(records) && fields !== undefined && records.length > 1 ? { ...result, records: reverseRuns(records, [], sortedChanged) } : result;
      }),
      upstream,
    );
  });

  afterAll(async () => {
    await ties?.close();
    await sorted?.close();
  });

  // why: a fixed seed: the generated requests whose answers hold ties vary with it (5 to 8 of 400 over seeds 1-5), and
  // a random one left the count at the bar now and then; with seed 3 the proxy moves ties in 8 answers
  it('agrees when only records tied on the sort values moved', async () => {
    const { code, report } = await diff(
      ['--target', reference.url, '--target', ties.url, '--profile', 'profiles/reference.yaml', '--generate', '400', '--seed', '3'],
      'ties',
    );
    expect(tiesChanged.count).toBeGreaterThan(5);
    expect(report.pairs.map((p) => `${p.id}: ${p.differences[0]?.message ?? ''}`)).toEqual([]);
    expect(code).toBe(0);
  }, 240_000);

  it('differs when sorted records come in another order', async () => {
    const { code, report } = await diff(
      ['--target', reference.url, '--target', sorted.url, '--profile', 'profiles/reference.yaml', '--generate', '150', '--seed', '1'],
      'sorted',
    );
    expect(sortedChanged.count).toBeGreaterThan(5);
    const messages = report.pairs.flatMap((p) => p.differences.map((d) => d.message));
    expect(messages.filter((message) => message.startsWith('records in another order')).length).toBeGreaterThan(5);
    expect(code).toBe(1);
  }, 240_000);
});

describe('diff of an implementation against the reference server', () => {
  let own: TestServer;
  let profile: string;

  beforeAll(async () => {
    own = await startOwnImplementation();
    profile = path.join(dir, 'own.yaml');
    const code = await main(['probe', '--target', own.url, '--resource', `courses=${BIRDS_ID}`, '--out', profile], captureIo(ROOT).io);
    expect(code).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await own?.close();
  });

  it("sends both the same request (A's values, resource ids mapped by logical name) and says where the values differ", async () => {
    const { report, stdout } = await diff(['--target', own.url, '--profile', profile, '--reference', '--profile', 'profiles/reference.yaml'], 'own');
    expect(report.pairs.length).toBeGreaterThan(10);
    const sameRequest = (curl: string, base: string, id: string) => curl.replaceAll(base, '<base>').replaceAll(id, '<courses>');
    const referenceBase = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(report.pairs[0]?.b.curl ?? '')?.[1] ?? 'no base';
    for (const pair of report.pairs) {
      expect(sameRequest(pair.b.curl, referenceBase, 'df356cc6-0e13-4ba8-bc98-c4706614881b')).toBe(sameRequest(pair.a.curl, own.url, BIRDS_ID));
    }
    expect(report.valuesDiffer).toContain('categoryField: "region" (A) vs "stage" (B)');
    expect(stdout).toMatch(/every pair asks both with A's values; B's profile gives other .*categoryField: "region" \(A\) vs "stage" \(B\)/);
  }, 240_000);
});
