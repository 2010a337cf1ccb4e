// `check --profile`: names the catalogue does not know are refused with the closest valid name (exit 2), and with
// --target the profile's resources and values are verified on the live target (exit 1, a line per problem).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { LIBRARY_TOKEN, startLibraryServer, type LibraryServer } from './library-data.ts';

const ROOT = path.resolve('.');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-check-'));
});

afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = captureIo(ROOT, env);
  const code = await main(args, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

async function writeVariant(name: string, from: string, edit: (text: string) => string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, edit(await readFile(path.join(ROOT, from), 'utf8')));
  return file;
}

describe('check --profile refuses names the catalogue does not know', () => {
  it('a misspelt capability: exit 2 naming the file, line, key and the closest name', async () => {
    const file = await writeVariant('locle.yaml', 'profiles/reference.yaml', (t) => t.replace('  - locale ', '  - locle '));
    const run = await cli(['check', '--profile', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^${file.replaceAll('/', '\\/')}:\\d+:\\d+ /capabilities/3 unknown capability "locle" \\(did you mean locale\\?\\)`));
  });

  it('a resource or value name no case uses: exit 2 with the closest name for each', async () => {
    const file = await writeVariant('names.yaml', 'profiles/reference.yaml', (t) =>
      t.replace('  courses: ', '  cources: ').replace('  searchWord: ', '  serchWord: '),
    );
    const run = await cli(['check', '--profile', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/:\d+:\d+ \/resources resource name "cources" is used by no case \(did you mean courses\?\)/);
    expect(run.stderr).toMatch(/:\d+:\d+ \/values value name "serchWord" is used by no case \(did you mean searchWord\?\)/);
  });

  it('accepts the shipped profiles', async () => {
    expect((await cli(['check', '--profile', 'profiles/reference.yaml'])).code).toBe(0);
    expect((await cli(['check', '--profile', 'profiles/example-portal.yaml'])).code).toBe(0);
  });
});

describe('check --profile --target verifies the profile on the live target', () => {
  let library: LibraryServer;
  let probed: string;

  beforeAll(async () => {
    library = await startLibraryServer();
    probed = path.join(dir, 'library.yaml');
    expect((await cli(['probe', '--target', library.url, '--token-env', 'LIB_TOKEN', '--out', probed], { LIB_TOKEN: LIBRARY_TOKEN })).code).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await library?.close();
  });

  it('passes a profile probe wrote (exit 0), reading the token from its token.env', async () => {
    const run = await cli(['check', '--profile', probed, '--target', library.url], { LIB_TOKEN: LIBRARY_TOKEN });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/: \d+ resources and values answer and occur as the profile says\n$/);
    expect(run.code).toBe(0);
  });

  it('fails with a line per value that does not occur and per resource that does not answer (exit 1)', async () => {
    const text = await readFile(probed, 'utf8');
    const broken = path.join(dir, 'broken.yaml');
    const word = /^ {2}searchWord: (\S+)/m.exec(text)?.[1] ?? 'missing';
    await writeFile(
      broken,
      text
        .replace(/^( {2}categoryValue:) \S+/m, '$1 Nowhere')
        .replace(/^( {2}absentWord:) \S+/m, `$1 ${word}`)
        .replace(/^( {2}measurements:) \S+/m, '$1 00000000-0000-0000-0000-000000000000')
        .replace(/^( {2}rowsMax:) \S+/m, '$1 5000'),
    );
    const run = await cli(['check', '--profile', broken, '--target', library.url], { LIB_TOKEN: LIBRARY_TOKEN });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ {2}resources\.measurements \(00000000-0000-0000-0000-000000000000\): datastore_search answered 404/m);
    expect(run.stdout).toMatch(/^ {2}values\.categoryValue \("Nowhere"\): .* answered 0 records, expected 2 or more$/m);
    expect(run.stdout).toMatch(/^ {2}values\.absentWord \(".+"\): .* answered \d+ records?, expected 0$/m);
    expect(run.stdout).toMatch(/^ {2}values\.secondValue \("\w+"\): /m);
    expect(run.stdout).toMatch(/^ {2}values\.rowsMax \(5000\): the site applies 32000 \(result\.limit of a search with limit 1000000000, CKAN's default\)$/m);
    expect(run.stdout).toMatch(/5 of \d+ resources and values do not answer or occur\n$/);
  });
});
