// The package as a user gets it: `npm pack` (of dist/ as its `prepack` script builds it, once for the test files that
// need it: test/helpers/fresh-dist.ts; tsc is skipped when dist/ was built from exactly the current sources), install
// the tarball in an empty folder, import the public API from a script, type-check a TypeScript consumer, run the bin;
// and the same package on the other supported Node majors when DSK_OTHER_NODES names their binaries (.ci/run does).
import { execFile, execFileSync, type ExecFileException } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ensureCachedDir, evictStaleDirs } from '../../src/server/engines/pglite-cache.ts';
import { isPlainObject } from '../../src/util/json.ts';
import { readBlocks } from '../docs/markdown-examples.ts';
import { ensureFreshDist } from '../helpers/fresh-dist.ts';

const root = process.cwd();
// why: the consumer reuses the repository's PGlite cache (keyed by content), so no run builds the database afresh
const CACHE_ENV = { DATASTORE_KIT_CACHE_DIR: path.join(root, 'node_modules', '.cache', 'datastore-kit', 'pglite') };
/**
 * Installs of packed tarballs, one folder per tarball content; the newest few are kept. Outside the repository: a
 * package missing from the install must not resolve from the repository's own node_modules.
 */
const INSTALLS = path.join(tmpdir(), 'datastore-kit-pack-install');

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function runIn(cwd: string, file: string, args: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      file,
      [...args],
      { cwd, env: { ...process.env, CI: '1', NO_COLOR: '1', ...CACHE_ENV, ...env }, maxBuffer: 32 * 1024 * 1024 },
      (error: ExecFileException | null, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
      },
    );
  });
}

/** Bytes of the files under `dir` (their apparent size, as npm's "unpacked size" counts). */
async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** The shell script of the composite action's step with id `run`. */
function findRunScript(action: unknown): string {
  const runs = isPlainObject(action) ? action['runs'] : undefined;
  const steps: unknown[] = isPlainObject(runs) && Array.isArray(runs['steps']) ? runs['steps'] : [];
  const step = steps.find((candidate) => isPlainObject(candidate) && candidate['id'] === 'run');
  return isPlainObject(step) && typeof step['run'] === 'string' ? step['run'] : '';
}

/**
 * Budget of a check that starts processes in the consumer: they run side by side (it.concurrent), and a cold PGlite
 * cache (new fixtures, a fresh clone) makes each reference server build its database first, over a minute on a
 * loaded 2-core machine.
 */
const PROCESS_TIMEOUT_MS = 180_000;

/**
 * Node binaries of the other supported majors (`:`-separated paths; .ci/run fetches them): the installed package's API
 * and CLI run on each too. Unset: only on the Node that runs the tests.
 */
const OTHER_NODES = (process.env['DSK_OTHER_NODES'] ?? '').split(path.delimiter).filter((file) => file !== '');

function nodeVersion(file: string): string {
  return execFileSync(file, ['--version'], { encoding: 'utf8' }).trim();
}

const CONSUMER_PACKAGE = JSON.stringify({ name: 'consumer', private: true, type: 'module' });

/**
 * A folder where `npm i <tarball>` ran, in an empty project. npm packs the same sources into the same bytes (its
 * entries have fixed dates), so an install is named by the tarball's hash and reused while the package is
 * unchanged: seconds of npm per run. A changed package (or a fresh clone, as in CI) installs afresh.
 */
async function installed(tarball: string): Promise<string> {
  const key = createHash('sha256')
    .update(await readFile(tarball))
    .digest('hex')
    .slice(0, 16);
  const { dir } = await ensureCachedDir(INSTALLS, key, async (into) => {
    await mkdir(into, { recursive: true });
    await writeFile(path.join(into, 'package.json'), CONSUMER_PACKAGE);
    // why: offline from the npm cache that `npm ci` filled; the registry need not be reachable
    const ran = await runIn(into, 'npm', ['i', '--prefer-offline', '--no-audit', '--no-fund', tarball]);
    if (ran.code !== 0) throw new Error(`npm i ${tarball} exited ${ran.code}: ${ran.stderr}`);
    await writeFile(path.join(into, 'npm-output.txt'), ran.stdout + ran.stderr);
  });
  await evictStaleDirs(INSTALLS, { keep: 2, protect: [key], minIdleMs: 60_000 });
  return dir;
}

const CONSUMER_SCRIPT = `
import { startReferenceServer, isKitError, loadCatalogue } from 'datastore-kit';
const server = await startReferenceServer({ fixturesDir: 'node_modules/datastore-kit/fixtures', port: 0 });
const response = await fetch(server.url + '/api/3/action/datastore_search?resource_id=courses&limit=2');
const body = await response.json();
await server.close();
const catalogue = await loadCatalogue('node_modules/datastore-kit/cases');
let deep = 'importable';
try { await import('datastore-kit/dist/runner/index.js'); } catch (error) { deep = error.code; }
const names = Object.keys(await import('datastore-kit')).length;
const server2 = await import('datastore-kit/server');
console.log(JSON.stringify({ status: response.status, records: body.result.records.length, cases: catalogue.cases.length, kitError: isKitError(new Error('x')), deep, names, serverEntry: typeof server2.startReferenceServer }));
`;

const CONSUMER_TS = `
import type { RunResult } from 'datastore-kit';
export function passed(result: RunResult): number {
  return result.summary.pass;
}
// @ts-expect-error the API's types are checked: a RunResult is not a number
export const wrong: RunResult = 1;
`;

describe('the packed package', () => {
  let work = '';
  let consumer = '';
  let tarball = '';
  let install = '';

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'dsk-pack-'));
    consumer = path.join(work, 'consumer');
    // why: prepack ran above, under the lock the container image's build shares; here it would run again unlocked
    await ensureFreshDist();
    const packed = await runIn(root, 'npm', ['pack', '--ignore-scripts', '--pack-destination', work, '--silent']);
    expect(packed.code, packed.stderr).toBe(0);
    tarball = path.join(work, packed.stdout.trim().split('\n').at(-1) ?? '');
    install = await installed(tarball);
    // why: each run checks in a folder of its own (reports, scripts), over the install of this very tarball
    await mkdir(consumer);
    await writeFile(path.join(consumer, 'package.json'), CONSUMER_PACKAGE);
    await symlink(path.join(install, 'node_modules'), path.join(consumer, 'node_modules'), 'dir');
    await writeFile(path.join(consumer, 'use.mjs'), CONSUMER_SCRIPT);
  }, 300_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('holds the build, the catalogue, fixtures and profiles, and no sources, tests or caches', async () => {
    const listed = await runIn(work, 'tar', ['tzf', tarball]);
    const files = listed.stdout.trim().split('\n');
    expect(files).toContain('package/dist/index.js');
    expect(files).toContain('package/dist/index.d.ts');
    expect(files).toContain('package/dist/server/engines/pglite-worker.js');
    expect(files).toContain('package/dist/server/sql/allowed-functions.txt');
    expect(files).toContain('package/bin/datastore-kit.js');
    // the CLI as bin/ runs it: tsc's output, as the library's
    expect(files).toContain('package/dist/cli/bin.js');
    expect(files).toContain('package/profiles/reference.yaml');
    expect(files).toContain('package/LICENSE');
    // why: the README links its reference in docs/, which must resolve in the installed package too
    expect(files).toContain('package/docs/cli.md');
    expect(files).toContain('package/fixtures/datapackage.json');
    expect(files.filter((file) => file.startsWith('package/cases/') && file.endsWith('.yaml')).length).toBeGreaterThan(5);
    expect(files.filter((file) => /\.test\.|\/test\/|\/src\/|\.cache|node_modules|\/reports\/|source-hash/.test(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
  });

  // why: the four checks below are separate processes over their own files in the consumer folder; run side by side
  it.concurrent(
    'runs the public API from a script, and refuses deep imports',
    async () => {
      const ran = await runIn(consumer, process.execPath, ['use.mjs']);
      expect(ran.code, ran.stderr).toBe(0);
      expect(JSON.parse(ran.stdout)).toMatchObject({ status: 200, records: 2, kitError: false, deep: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
      expect(JSON.parse(ran.stdout).cases).toBeGreaterThan(50);
      // a chosen surface, not every internal: see docs/programmatic-api.md
      expect(JSON.parse(ran.stdout).names).toBeLessThanOrEqual(60);
      expect(JSON.parse(ran.stdout).serverEntry).toBe('function');
    },
    PROCESS_TIMEOUT_MS,
  );

  // why: concurrent with the other processes' checks, and its examples side by side after the first (they run the
  // reference server, seconds of CPU each: one after another they kept one of the machine's cores idle)
  it.concurrent('type-checks and runs every example of docs/programmatic-api.md in one folder, the first before the others', async () => {
    const examples = readBlocks(await readFile(path.join(root, 'docs', 'programmatic-api.md'), 'utf8')).filter((block) => block.lang === 'ts');
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const dir = path.join(consumer, 'examples');
    await mkdir(dir);
    await writeFile(path.join(dir, 'package.json'), CONSUMER_PACKAGE);
    await symlink(path.join(install, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const names = examples.map((_, index) => `example-${index + 1}`);
    await Promise.all(examples.map((block, index) => writeFile(path.join(dir, `${names[index]}.ts`), `${block.body.join('\n')}\n`)));
    const compilerOptions = {
      strict: true,
      module: 'nodenext',
      target: 'es2022',
      skipLibCheck: true,
      outDir: 'built',
      types: ['node'],
      typeRoots: [path.join(root, 'node_modules', '@types')],
    };
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: names.map((name) => `${name}.ts`) }));
    const checked = await runIn(dir, process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']);
    expect(checked.code, checked.stdout).toBe(0);
    const runExample = async (index: number): Promise<void> => {
      const ran = await runIn(dir, process.execPath, [path.join('built', `${names[index]}.js`)]);
      expect(ran.code, `example ${index + 1} (line ${examples[index]?.line}): ${ran.stderr}`).toBe(0);
    };
    // why: later examples read what the first wrote (its reports); the document says so, and keeps the others independent
    await runExample(0);
    await Promise.all(names.slice(1).map((_, index) => runExample(index + 1)));
  }, 300_000);

  it.concurrent(
    'gives TypeScript consumers the API types',
    async () => {
      await writeFile(path.join(consumer, 'use.ts'), CONSUMER_TS);
      const compilerOptions = { noEmit: true, strict: true, module: 'nodenext', target: 'es2022', skipLibCheck: true, types: [] };
      await writeFile(path.join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['use.ts'] }));
      const checked = await runIn(consumer, process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']);
      expect(checked.code, checked.stdout).toBe(0);
    },
    PROCESS_TIMEOUT_MS,
  );

  it('installs lean: at most 50 MB, no install script, no Docker client', async () => {
    const tree = path.join(install, 'node_modules');
    expect(await folderBytes(tree)).toBeLessThanOrEqual(50_000_000);
    const lock: unknown = JSON.parse(await readFile(path.join(tree, '.package-lock.json'), 'utf8'));
    const packages = isPlainObject(lock) && isPlainObject(lock['packages']) ? lock['packages'] : {};
    const withScripts = Object.entries(packages).filter(([, entry]) => isPlainObject(entry) && entry['hasInstallScript'] === true);
    expect(withScripts.map(([name]) => name)).toEqual([]);
    expect(Object.keys(packages)).not.toContain('node_modules/testcontainers');
    expect(await readFile(path.join(install, 'npm-output.txt'), 'utf8')).not.toMatch(/install-scripts|warn/i);
  });

  it.concurrent(
    'says in one line that --image needs testcontainers when it is not installed (exit 2)',
    async () => {
      const ran = await runIn(consumer, process.execPath, ['node_modules/datastore-kit/bin/datastore-kit.js', 'run', '--image', 'example/ckan:1']);
      expect(ran.code).toBe(2);
      expect(ran.stderr.trim().split('\n')).toEqual([
        '--image and --compose need the optional package testcontainers: install it beside the kit (npm i testcontainers) (E_USAGE)',
      ]);
    },
    PROCESS_TIMEOUT_MS,
  );

  it.concurrent(
    'runs `npx datastore-kit run --reference` from the installing folder',
    async () => {
      const ran = await runIn(consumer, 'npx', ['--no-install', 'datastore-kit', 'run', '--reference']);
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/\b(\d+) passed, 0 failed, 0 errored/);
      expect(await readdir(path.join(consumer, 'reports'))).toEqual(expect.arrayContaining(['report.json', 'junit.xml', 'report.html']));
    },
    PROCESS_TIMEOUT_MS,
  );

  // why: the checks above are of the package; these of the Node that runs it: the API and the CLI's smoke cases
  it.concurrent.each(OTHER_NODES.map((file) => ({ file, version: nodeVersion(file) })))(
    'runs the public API and `run --reference --tag smoke` on Node $version',
    async ({ file, version }) => {
      const api = await runIn(consumer, file, ['use.mjs']);
      expect(api.code, api.stderr).toBe(0);
      expect(JSON.parse(api.stdout)).toMatchObject({ status: 200, records: 2, serverEntry: 'function' });
      const out = `reports-node-${version}`;
      const cli = await runIn(consumer, file, ['node_modules/datastore-kit/bin/datastore-kit.js', 'run', '--reference', '--tag', 'smoke', '--out', out]);
      expect(cli.code, cli.stdout + cli.stderr).toBe(0);
      expect(cli.stdout).toMatch(/\b[1-9]\d* passed, 0 failed, 0 errored/);
    },
    PROCESS_TIMEOUT_MS,
  );

  it.concurrent(
    "runs the GitHub Action's run step (action.yml) with the installed package as the action",
    async () => {
      const script = findRunScript(parse(await readFile(path.join(root, 'action.yml'), 'utf8')));
      expect(script).toContain('datastore-kit.js');
      const summary = path.join(consumer, 'step-summary.md');
      const ran = await runIn(consumer, 'bash', ['-c', script], {
        GITHUB_ACTION_PATH: path.join(consumer, 'node_modules', 'datastore-kit'),
        GITHUB_STEP_SUMMARY: summary,
        INPUT_TARGET: 'reference',
        INPUT_PROFILE: '',
        INPUT_TOKEN: 'not-a-real-token',
        INPUT_CASES: 'cases',
        INPUT_REPORT: 'junit,html,md',
        INPUT_OUT: 'ci-reports',
        // the quoted word holds a space and a $(...) that must reach the kit as text, never run
        INPUT_ARGS: `--tag smoke --grep '.* ?|$(touch pwned)' \n --retries 1`,
      });
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
      expect((await readdir(path.join(consumer, 'ci-reports'))).sort()).toEqual(['junit.xml', 'report.html', 'summary.md']);
      expect(await readFile(summary, 'utf8')).toMatch(/passed/);
      expect(ran.stdout).not.toContain('not-a-real-token');
      expect(await readdir(consumer)).not.toContain('pwned');
    },
    PROCESS_TIMEOUT_MS,
  );
});
