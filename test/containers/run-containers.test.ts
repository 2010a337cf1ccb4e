// `run --image` and `run --compose`: the kit starts the implementation under test from an image (or brings a compose
// stack up), runs the catalogue against it and stops it. The reference server's own image (the project's Dockerfile)
// passes; a broken variant (no SQL) fails with the container log kept; a service of a stack of the image passes;
// without an engine the run exits 3. Images are built offline (test/helpers/docker-images.ts), once, in this one file,
// so only one test worker waits for a build; the three image runs go side by side, the compose run after them.
// `run --compose` needs `docker compose`, which testcontainers drives (v2, or Debian's v1 under the plugin name as
// .ci/run installs it: Debian bookworm packages only the standalone docker-compose 1.29); skipped, with the reason, without it.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containersOf, ensureBaseImage, ensureBrokenImage, ensureProjectImage, whyNoEngine } from '../helpers/docker-images.ts';
import { spawnCli } from '../helpers/spawn-cli.ts';

const root = path.resolve(import.meta.dirname, '../..');
const noEngine = whyNoEngine();

function whyNoCompose(): string | undefined {
  if (noEngine !== undefined) return noEngine;
  const compose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  return compose.status === 0 ? undefined : 'no `docker compose` (the Compose v2 plugin, or v1 under its name as .ci/run installs it)';
}

const noCompose = whyNoCompose();
// why: the reaper (Ryuk) is pulled from a registry, which the test machines cannot reach; the kit stops its own containers
const CONTAINER_ENV = { TESTCONTAINERS_RYUK_DISABLED: 'true' };
const REFERENCE_FLAGS = ['--image-port', '8800', '--profile', path.join(root, 'profiles/reference.yaml'), '--contract', 'ckan'];
/**
 * Budget of a run of cases against a container (the runs go side by side): vitest's 60 s ran out on a loaded 2-core
 * machine (load average 15-28) for the whole catalogue's run in three runs of three, and for the others in one.
 */
const RUN_TIMEOUT_MS = 180_000;
const TOKEN_FLAGS = ['--image-env', 'DATASTORE_KIT_API_TOKEN=container-token', '--token-env', 'KIT_TEST_TOKEN'];

let work = '';
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'dsk-image-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('run --image without a container engine', () => {
  it('exits 3 with one line that says so and names --target', async () => {
    const cli = spawnCli(['run', '--image', 'anything:latest', '--out', path.join(work, 'none')], {
      cwd: work,
      env: { DOCKER_HOST: `unix://${work}/no-docker.sock` },
    });
    expect(await cli.exit).toBe(3);
    expect(cli.stderr().trim().split('\n')).toHaveLength(1);
    expect(cli.stderr()).toMatch(/no container engine .*--target URL \(E_ENV\)/);
  });
});

describe('run --compose usage', () => {
  it('refuses --compose without a service and port (exit 2)', async () => {
    const cli = spawnCli(['run', '--compose', 'stack.yaml']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain('--compose needs --compose-service NAME and --compose-port N');
  });
});

describe.skipIf(noEngine !== undefined)(`run --image and --compose against images built here${noEngine === undefined ? '' : ` (skipped: ${noEngine})`}`, () => {
  let reference = '';
  let broken = '';

  beforeAll(async () => {
    reference = await ensureProjectImage(ensureBaseImage());
    broken = ensureBrokenImage(reference);
  }, 900_000);

  // why: the three runs start containers of their own and mostly wait on the engine: they run side by side, and the
  // last test checks that none of their containers is left
  it.concurrent(
    'passes the catalogue against the reference server image, on the port it EXPOSEs',
    async () => {
      const out = path.join(work, 'reference');
      // why: no --image-port: the image EXPOSEs 8800 alone, which is taken instead of CKAN's 5000
      const flags = REFERENCE_FLAGS.filter((flag, i) => flag !== '--image-port' && REFERENCE_FLAGS[i - 1] !== '--image-port');
      const cli = spawnCli(['run', '--image', reference, ...flags, ...TOKEN_FLAGS, '--out', out], {
        cwd: work,
        env: { ...CONTAINER_ENV, KIT_TEST_TOKEN: 'container-token' },
      });
      expect(await cli.exit, cli.stdout() + cli.stderr()).toBe(0);
      // why: the cases stating another CKAN version's answers are not applicable against the 2.11 server, and only those
      expect(cli.stdout()).toMatch(/\b\d+ passed, 0 failed, 0 errored(, \d+ known deviations? of the target's CKAN release)?, 0 skipped, \d+ not applicable/);
      expect(await readdir(out)).not.toContain('container.log');
    },
    RUN_TIMEOUT_MS,
  );

  // why: the image serves no SQL, so the SQL cases fail (the others would pass: they are left out to save a run)
  it.concurrent(
    'fails against a broken server image and keeps its log in the report folder',
    async () => {
      const out = path.join(work, 'broken');
      const cli = spawnCli(['run', '--image', broken, ...REFERENCE_FLAGS, '--tag', 'sql', '--out', out], { cwd: work, env: CONTAINER_ENV });
      expect(await cli.exit, cli.stderr()).toBe(1);
      expect(cli.stdout()).toMatch(/[1-9]\d* failed/);
      expect(cli.stdout()).toContain('Container log: broken/container.log');
      expect(await readFile(path.join(out, 'container.log'), 'utf8')).toMatch(/reference server listening on http:\/\/0\.0\.0\.0:8800/);
    },
    RUN_TIMEOUT_MS,
  );

  it.concurrent('exits 3 when the image does not answer on the port given', async () => {
    const cli = spawnCli(['run', '--image', reference, '--image-port', '9999', '--image-timeout-ms', '1000', '--out', path.join(work, 'silent')], {
      cwd: work,
      env: CONTAINER_ENV,
    });
    expect(await cli.exit).toBe(3);
    // the message names the port it waited on, so a wrong --image-port shows
    expect(cli.stderr()).toMatch(/^image datastore-kit-test:\S+ \(port 9999\) did not start or answer: /);
  });

  // why: the image passes the whole catalogue above; here the stack's plumbing is under test, and the smoke and SQL
  // cases show a service of it answering both actions. After the runs above, not beside them: four containers and
  // their runs at once only contend for the CPU
  it.skipIf(noCompose !== undefined)(
    `run --compose passes the smoke and SQL cases against a service of a stack of the image${noCompose === undefined ? '' : ` (skipped: ${noCompose})`}`,
    async () => {
      const dir = path.join(work, 'compose');
      await mkdir(dir);
      const file = path.join(dir, 'stack.yaml');
      await writeFile(file, `services:\n  api:\n    image: ${reference}\n    ports: ["8800"]\n`);
      const flags = ['--compose', file, '--compose-service', 'api', '--compose-port', '8800', '--profile', path.join(root, 'profiles/reference.yaml')];
      const cli = spawnCli(['run', ...flags, '--tag', 'smoke', '--tag', 'sql', '--out', path.join(dir, 'reports')], { cwd: dir, env: CONTAINER_ENV });
      expect(await cli.exit, cli.stdout() + cli.stderr()).toBe(0);
      expect(cli.stdout()).toMatch(/\b[1-9]\d* passed, 0 failed, 0 errored/);
    },
    RUN_TIMEOUT_MS,
  );

  it('removes the containers of every run above, passed, failed or not started, and takes the stack down', () => {
    // why: the broken image is built on the reference one, so its containers count here too
    expect(containersOf(reference, { compose: false })).toEqual([]);
    expect(containersOf(reference, { compose: true })).toEqual([]);
  });
});
