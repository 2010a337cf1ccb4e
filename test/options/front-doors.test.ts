// The front doors agree: the same bad value of every declared option, given through the flags, a job file, the
// environment and the API, is refused with the same words after the door's own name for it, and with exit code 2,
// before anything is sent. The bad values are made from each declaration (below or above its range, outside its
// choices, empty, off its pattern), so an option added to a table is in this table too.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDiffOptions } from '../../src/api/diff-options.ts';
import { resolveRunOptions } from '../../src/api/run-options.ts';
import { main } from '../../src/cli/main.ts';
import { extract, isKitError, probeProfile } from '../../src/index.ts';
import { DIFF_OPTIONS, DIFF_RUN_OPTIONS } from '../../src/schema/diff-options.ts';
import { EXTRACT_HTTP_OPTIONS, EXTRACT_OPTIONS, EXTRACT_SOURCE_OPTIONS } from '../../src/schema/extract-options.ts';
import type { OptionDeclaration, OptionTable } from '../../src/schema/option-table.ts';
import { PROBE_OPTIONS } from '../../src/schema/probe-options.ts';
import { RUN_OPTIONS, SELECTION_OPTIONS } from '../../src/schema/run-options.ts';
import { compileSchema } from '../../src/schema/ajv.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { serveOnFreePort } from '../helpers/http-server.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsk-front-doors-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Values the declaration of an option refuses (Ajv says so), in the shapes a flag can carry. */
function badValues(declared: OptionDeclaration): unknown[] {
  const refused = compileSchema(declared.schema);
  return candidates(declared).filter((value) => !refused(value));
}

function candidates(declared: OptionDeclaration): unknown[] {
  const s = declared.schema;
  if (Array.isArray(s['anyOf'])) return s['anyOf'].every((b: unknown) => typeof b === 'object' && b !== null && 'const' in b) ? ['nope'] : [];
  const num = (k: string): number | undefined => (typeof s[k] === 'number' ? s[k] : undefined);
  switch (s['type']) {
    case 'integer':
    case 'number': {
      const low = num('minimum') === undefined ? num('exclusiveMinimum') : (num('minimum') ?? 0) - 1;
      const high = num('maximum') === undefined ? undefined : (num('maximum') ?? 0) + 1;
      return [low, high, s['type'] === 'integer' ? 1.5 : undefined].filter((v) => v !== undefined);
    }
    case 'string':
      return ['', 'not a name!', ' '];
    case 'array':
      return declared.flag?.text === 'list' ? [[]] : [];
    case 'object':
      return declared.flag?.text === 'json' ? [[1]] : [];
    default:
      return [];
  }
}

interface Row {
  key: string;
  declared: OptionDeclaration;
  value: unknown;
}

function rows(table: OptionTable, door: 'flag' | 'job'): Row[] {
  return Object.entries(table).flatMap(([key, declared]) => (declared[door] === null ? [] : badValues(declared).map((value) => ({ key, declared, value }))));
}

/** A flag's words as a user types them. */
function flagWords(declared: OptionDeclaration, value: unknown): string[] {
  const name = declared.flag?.name ?? '';
  const text = declared.flag?.text === 'list' && Array.isArray(value) ? value.join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return [name.length === 1 ? `-${name}` : `--${name}`, text];
}

/** The one line a door printed or threw, without its frame: `--page-size must be ...`. */
function core(text: string): string {
  return text
    .trim()
    .replace(/^datastore-kit: /, '')
    .replace(/\nRun 'datastore-kit --help' for usage\.$/, '')
    .replace(/ \(E_[A-Z_]+\)$/, '');
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; line: string }> {
  const run = captureIo(dir, { CI: 'true', ...env });
  const code = await main(args, run.io);
  return { code, line: core(run.stderr()) };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; line: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isKitError(error)) throw new Error(`expected a KitError, got ${String(error)}`);
  return { code: error.exitCode, line: core(error.message) };
}

const apiName = (key: string): string => (key in EXTRACT_HTTP_OPTIONS ? `http.${key}` : key === 'target' ? 'source.target' : key);
const base = { target: 'http://127.0.0.1:9', resource: 'courses', out: 'x.csv' };

describe('extract: a bad value through the flags, a job file and extract()', () => {
  const tables = [EXTRACT_OPTIONS, EXTRACT_HTTP_OPTIONS, EXTRACT_SOURCE_OPTIONS];
  it.each(tables.flatMap((table) => rows(table, 'job')).map((row) => [`${row.key} = ${JSON.stringify(row.value)}`, row] as const))('%s', async (_name, row) => {
    const flagged = await cli([
      'extract',
      ...Object.entries(base).flatMap(([k, v]) => (k === row.key ? [] : [`--${k}`, v])),
      ...flagWords(row.declared, row.value),
    ]);
    const jobKey = row.declared.job?.key ?? row.key;
    const file = join(dir, `${row.key}.yaml`);
    const item = { name: 'x', ...base, [jobKey]: row.value };
    await writeFile(file, `extracts:\n  - ${JSON.stringify(item)}\n`);
    const job = await cli(['extract', '--job', file]);
    const http = row.key in EXTRACT_HTTP_OPTIONS ? { http: { [row.key]: row.value } } : { [row.key]: row.value };
    const { target, ...what } = { ...base, ...(row.key === 'target' ? {} : http) };
    // why: of where an extract reads from, the API takes the target (source.target); a token variable is the doors' own
    const api =
      row.key in EXTRACT_SOURCE_OPTIONS && row.key !== 'target'
        ? undefined
        : await refusal(extract({ ...what, source: { target: row.key === 'target' ? String(row.value) : target }, ...(row.key === 'out' ? { out: '' } : {}) }));
    const flag = flagWords(row.declared, row.value)[0] ?? '';
    expect(flagged.line.startsWith(`${flag} `), flagged.line).toBe(true);
    const words = flagged.line.slice(flag.length + 1);
    expect(flagged.code).toBe(2);
    expect(job).toEqual({ code: 2, line: expect.stringMatching(new RegExp(`^${file}:\\d+:\\d+ /extracts/0/${jobKey} `)) });
    expect(job.line.replace(/^\S+ \S+ /, '')).toBe(words);
    if (api !== undefined) expect(api).toEqual({ code: 2, line: `${apiName(row.key)} ${words}` });
  });
});

describe('run: a bad value through the flags, the environment and resolveRunOptions()', () => {
  const tables = [SELECTION_OPTIONS, RUN_OPTIONS];
  it.each(tables.flatMap((table) => rows(table, 'flag')).map((row) => [`${row.key} = ${JSON.stringify(row.value)}`, row] as const))(
    '%s',
    async (_name, row) => {
      const flagged = await cli(['run', '--target', 'http://127.0.0.1:9', ...flagWords(row.declared, row.value)]);
      const flag = flagWords(row.declared, row.value)[0] ?? '';
      const words = flagged.line.slice(flag.length + 1);
      expect([flagged.code, flagged.line.startsWith(`${flag} `)]).toEqual([2, true]);
      const api = await refusal(Promise.resolve().then(() => resolveRunOptions({ target: { kind: 'url', url: 'http://127.0.0.1:9' }, [row.key]: row.value })));
      expect(api).toEqual({ code: 2, line: `${row.key} ${words}` });
      const env = row.declared.flag?.env;
      // why: an empty variable is an unset one
      if (env !== undefined && row.value !== '')
        expect(await cli(['run', '--target', 'http://127.0.0.1:9'], { [env]: String(row.value) })).toEqual({ code: 2, line: `${env} ${words}` });
    },
  );
});

describe('diff and probe: a bad value through the flags and the API', () => {
  const two = ['--target', 'http://127.0.0.1:9', '--target', 'http://127.0.0.1:8'];
  it.each(
    [DIFF_OPTIONS, DIFF_RUN_OPTIONS].flatMap((table) => rows(table, 'flag')).map((row) => [`diff ${row.key} = ${JSON.stringify(row.value)}`, row] as const),
  )('%s', async (_name, row) => {
    const flagged = await cli(['diff', ...two, ...flagWords(row.declared, row.value)]);
    const flag = flagWords(row.declared, row.value)[0] ?? '';
    expect([flagged.code, flagged.line.startsWith(`${flag} `)]).toEqual([2, true]);
    const side = (url: string) => ({ target: { kind: 'url' as const, url } });
    const given = row.key in DIFF_OPTIONS ? { [row.key]: row.value } : { shared: { [row.key]: row.value } };
    const api = await refusal(Promise.resolve().then(() => resolveDiffOptions({ shared: {}, sides: [side('http://a'), side('http://b')], ...given })));
    expect(api).toEqual({ code: 2, line: `${row.key} ${flagged.line.slice(flag.length + 1)}` });
  });

  it.each(rows(PROBE_OPTIONS, 'flag').map((row) => [`probe ${row.key} = ${JSON.stringify(row.value)}`, row] as const))('%s', async (_name, row) => {
    const target = row.key === 'targetUrl' ? [] : ['--target', 'http://127.0.0.1:9'];
    const flagged = await cli(['probe', ...target, ...flagWords(row.declared, row.value)]);
    const flag = flagWords(row.declared, row.value)[0] ?? '';
    expect([flagged.code, flagged.line.startsWith(`${flag} `)]).toEqual([2, true]);
    const api = await refusal(probeProfile({ cwd: dir, targetUrl: 'http://127.0.0.1:9', [row.key]: row.value }));
    expect(api).toEqual({ code: 2, line: `${row.key} ${flagged.line.slice(flag.length + 1)}` });
  });
});

describe("the issue's four rules", () => {
  it('refuses Parquet with gzip from every door, before any request (exit 2)', async () => {
    const file = join(dir, 'parquet.yaml');
    await writeFile(file, 'extracts:\n  - { name: p, target: "http://127.0.0.1:9", resource: courses, format: parquet, gzip: true, out: p.parquet }\n');
    const words = 'does not go with parquet, which compresses its columns itself';
    expect(await cli(['extract', '--target', 'http://127.0.0.1:9', '--resource', 'courses', '--out', 'p.parquet', '--gzip'])).toEqual({
      code: 2,
      line: `--gzip ${words}`,
    });
    expect(await cli(['extract', '--job', file])).toEqual({ code: 2, line: expect.stringMatching(new RegExp(`^${file}:2:\\d+ /extracts/0/gzip ${words}$`)) });
    const api = extract({ source: { target: 'http://127.0.0.1:9' }, resource: 'courses', format: 'parquet', gzip: true, out: join(dir, 'p.parquet') });
    expect(await refusal(api)).toEqual({ code: 2, line: `gzip ${words}` });
    // a .gz name asks for gzip alike
    expect(await refusal(extract({ source: { target: 'http://127.0.0.1:9' }, resource: 'courses', out: join(dir, 'p.parquet.gz') }))).toEqual({
      code: 2,
      line: `gzip ${words}`,
    });
  });

  it('sends no request for pageSize 0 through extract() (it sent 330 and never stopped)', async () => {
    let requests = 0;
    const counting = await serveOnFreePort(
      createServer((_request, response) => {
        requests += 1;
        response.end('{}');
      }),
    );
    try {
      const api = extract({ source: { target: counting.url }, resource: 'courses', pageSize: 0, out: join(dir, 'zero.csv') });
      expect(await refusal(api)).toEqual({ code: 2, line: 'pageSize must be a whole number from 1 to 1000000, got 0' });
      expect(requests).toBe(0);
    } finally {
      await counting.close();
    }
  });

  it.each([
    ['--retries', 'retries', 'http.retries', 21, 'must be a whole number from 0 to 20, got 21'],
    ['--parallel', 'parallel', 'parallel', 500, 'must be a whole number from 1 to 16, got 500'],
    ['--page-size', 'pageSize', 'pageSize', 1_000_001, 'must be a whole number from 1 to 1000000, got 1000001'],
  ])('refuses %s %s from every door with the same words', async (flag, jobKey, apiKey, value, words) => {
    expect(await cli(['extract', '--target', 'http://127.0.0.1:9', '--resource', 'courses', '--out', 'x.csv', flag, String(value)])).toEqual({
      code: 2,
      line: `${flag} ${words}`,
    });
    const file = join(dir, `${jobKey}-rule.yaml`);
    await writeFile(file, `target: http://127.0.0.1:9\nextracts:\n  - { name: x, resource: courses, out: x.csv, ${jobKey}: ${value} }\n`);
    expect((await cli(['extract', '--job', file])).line).toMatch(new RegExp(`^${file}:3:\\d+ /extracts/0/${jobKey} ${words}$`));
    const http = apiKey.startsWith('http.') ? { http: { retries: value } } : { [apiKey]: value };
    expect(await refusal(extract({ source: { target: 'http://127.0.0.1:9' }, resource: 'courses', out: join(dir, 'x.csv'), ...http }))).toEqual({
      code: 2,
      line: `${apiKey} ${words}`,
    });
  });
});
