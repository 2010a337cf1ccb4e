// `run --compose`: the kit brings a compose stack up, runs the catalogue against one service and takes it down.
// Needs `docker compose`, which testcontainers drives (v2, or Debian's v1 under the plugin name as .ci/run installs
// it); skipped, with the reason, without it.
// Debian (bookworm) packages only the v1 standalone `docker-compose` 1.29 and no v2 plugin, so CI cannot install one.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containersOf, ensureBaseImage, ensureProjectImage, whyNoEngine } from '../helpers/docker-images.ts';
import { spawnCli } from '../helpers/spawn-cli.ts';

const root = path.resolve(import.meta.dirname, '../..');

function whyNoCompose(): string | undefined {
  const engine = whyNoEngine();
  if (engine !== undefined) return engine;
  const compose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  return compose.status === 0 ? undefined : 'no `docker compose` (the Compose v2 plugin, or v1 under its name as .ci/run installs it)';
}

const noCompose = whyNoCompose();

describe('run --compose usage', () => {
  it('refuses --compose without a service and port (exit 2)', async () => {
    const cli = spawnCli(['run', '--compose', 'stack.yaml']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain('--compose needs --compose-service NAME and --compose-port N');
  });
});

describe.skipIf(noCompose !== undefined)(`run --compose${noCompose === undefined ? '' : ` (skipped: ${noCompose})`}`, () => {
  let work = '';
  let image = '';
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'dsk-compose-'));
    image = ensureProjectImage(ensureBaseImage());
  }, 900_000);
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  // why: the image passes the whole catalogue in run-image.test.ts; here the stack's plumbing is under test, and the
  // smoke and SQL cases show a service of it answering both actions
  it('passes the smoke and SQL cases against a service of the stack', async () => {
    const file = path.join(work, 'stack.yaml');
    await writeFile(file, `services:\n  api:\n    image: ${image}\n    ports: ["8800"]\n`);
    const flags = ['--compose', file, '--compose-service', 'api', '--compose-port', '8800', '--profile', path.join(root, 'profiles/reference.yaml')];
    flags.push('--tag', 'smoke', '--tag', 'sql');
    const cli = spawnCli(['run', ...flags, '--out', path.join(work, 'reports')], { cwd: work, env: { TESTCONTAINERS_RYUK_DISABLED: 'true' } });
    expect(await cli.exit, cli.stdout() + cli.stderr()).toBe(0);
    expect(cli.stdout()).toMatch(/\b[1-9]\d* passed, 0 failed, 0 errored/);
    // the stack is down again: no container of the image is left with a compose project
    expect(containersOf(image, { compose: true })).toEqual([]);
  });
});
