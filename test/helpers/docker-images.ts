// Images for the container tests, built offline (no image registry is reachable on the test machines): a base image
// imported from this machine's own Node runtime (node, npm, /bin/sh and the libraries they link), the project's
// Dockerfile built on it, and a deliberately broken variant. Each is tagged by a hash of its inputs and built only
// when that tag is missing, so a test run builds at most once and later runs reuse the images.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureFreshDist } from './fresh-dist.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DOCKER_ENV = { ...process.env, DOCKER_BUILDKIT: '0' };

function docker(args: readonly string[], input?: string | Buffer): string {
  return execFileSync('docker', [...args], { env: DOCKER_ENV, input, maxBuffer: 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] }).toString();
}

function hasImage(tag: string): boolean {
  return spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0;
}

/** Why no container test can run here, or undefined when a Docker engine answers. */
export function whyNoEngine(): string | undefined {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 30_000 });
  if (info.error !== undefined) return `no docker client (${info.error.message})`;
  if (info.status !== 0) return `no Docker engine answers (${info.stderr.trim().split('\n')[0] ?? ''})`;
  return undefined;
}

function copyWithLibraries(file: string, rootfs: string, target = file): void {
  mkdirSync(path.join(rootfs, path.dirname(target)), { recursive: true });
  cpSync(realpathSync(file), path.join(rootfs, target));
  const linked = execFileSync('ldd', [file])
    .toString()
    .matchAll(/(\/\S+) \(0x/g);
  for (const [, library = ''] of linked) {
    mkdirSync(path.join(rootfs, path.dirname(library)), { recursive: true });
    cpSync(realpathSync(library), path.join(rootfs, library));
  }
}

/** A Node image made of this machine's node, npm and sh: the offline stand-in for the official node image. */
export function ensureBaseImage(): string {
  const node = realpathSync(process.execPath);
  const npmDir = path.resolve(path.dirname(realpathSync(execFileSync('which', ['npm']).toString().trim())), '..');
  const stat = statSync(node);
  const key = createHash('sha256').update(`${node}:${stat.size}:${stat.mtimeMs}:${process.version}:${npmDir}`).digest('hex').slice(0, 16);
  const tag = `datastore-kit-test-node:${key}`;
  return buildOnce(tag, () => importBaseImage(tag, node, npmDir));
}

function importBaseImage(tag: string, node: string, npmDir: string): void {
  const rootfs = mkdtempSync(path.join(tmpdir(), 'dsk-rootfs-'));
  try {
    copyWithLibraries(node, rootfs, '/usr/local/bin/node');
    copyWithLibraries(realpathSync('/bin/sh'), rootfs, '/bin/sh');
    copyWithLibraries(realpathSync('/usr/bin/env'), rootfs, '/usr/bin/env');
    cpSync(npmDir, path.join(rootfs, 'usr/local/lib/node_modules/npm'), { recursive: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
    mkdirSync(path.join(rootfs, 'tmp'), { mode: 0o1777 });
    execFileSync('chmod', ['1777', path.join(rootfs, 'tmp')]);
    mkdirSync(path.join(rootfs, 'etc'));
    mkdirSync(path.join(rootfs, 'root'));
    writeFileSync(path.join(rootfs, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n');
    writeFileSync(path.join(rootfs, 'etc/group'), 'root:x:0:\nnode:x:1000:\n');
    const tar = execFileSync('tar', ['-C', rootfs, '-c', '.'], { maxBuffer: 1024 * 1024 * 1024 });
    docker(['import', '-c', 'ENV PATH=/usr/local/bin:/usr/bin:/bin', '-c', 'ENV HOME=/root', '-', tag], tar);
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
}

/** A hash of what the project's image is built from (the Dockerfile's context, node_modules by its lock file). */
function contextHash(): string {
  const hash = createHash('sha256');
  const inputs = ['Dockerfile', '.dockerignore', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
  for (const dir of ['bin', 'src', 'scripts', 'cases', 'fixtures', 'profiles']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) inputs.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  for (const file of inputs.sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** How long a build may hold the lock before another test file takes it as abandoned. */
const BUILD_LOCK_STALE_MS = 20 * 60_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds `tag` with `build` unless it exists, one test file at a time: the container test files run side by side in
 * separate processes and would otherwise both build the same image (a minute of CPU each). A lock folder in the
 * temp folder serialises them; the waiting one then finds the image built.
 */
function buildOnce(tag: string, build: () => void): string {
  if (hasImage(tag)) return tag;
  const lock = path.join(tmpdir(), `datastore-kit-docker-build-${createHash('sha256').update(tag).digest('hex').slice(0, 16)}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > BUILD_LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else sleepSync(500);
    }
  }
  try {
    if (!hasImage(tag)) build();
    return tag;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The project's Dockerfile built on `base` (the reference server image), from the dist/ the tests build anyway (the
 * packed package's): the image takes it when current instead of running tsc again inside (the Dockerfile's build step).
 */
export async function ensureProjectImage(base: string): Promise<string> {
  const tag = `datastore-kit-test:${contextHash()}-${base.split(':')[1] ?? ''}`;
  if (!hasImage(tag)) await ensureFreshDist();
  return buildOnce(tag, () => {
    docker(['build', '-q', '--build-arg', `BASE=${base}`, '-t', tag, root]);
    removeOldImages();
  });
}

/** Project images kept (with their broken variants): the newest, and the one before, which another run may use. */
const KEEP_PROJECT_IMAGES = 2;

/**
 * Removes the test images of older sources: each change to what the image is built from makes another of a few
 * hundred MB (with its build stage), which would pile up run after run. Keeps the newest KEEP_PROJECT_IMAGES project
 * images; best effort (an image a container still uses stays, and a failure here fails no test).
 */
function removeOldImages(): void {
  // why: `docker images` lists the newest first
  const tags = docker(['images', '--format', '{{.Repository}}:{{.Tag}}', 'datastore-kit-test'])
    .split('\n')
    .filter((line) => line !== '' && !line.endsWith(':<none>'));
  for (const old of tags.slice(KEEP_PROJECT_IMAGES)) {
    spawnSync('docker', ['rmi', `datastore-kit-test-broken:${old.split(':')[1] ?? ''}-no-sql`, old], { stdio: 'ignore' });
  }
  spawnSync('docker', ['image', 'prune', '--force', '--filter', 'label=org.datastore-kit.stage=build'], { stdio: 'ignore' });
}

/**
 * The reference server image started without SQL (`serve --no-sql`) while the reference profile promises it: it
 * serves, and answers the SQL cases wrongly. Only its command differs, so it builds in a moment and reuses the
 * image's prebuilt database.
 */
export function ensureBrokenImage(project: string): string {
  const tag = `datastore-kit-test-broken:${project.split(':')[1] ?? ''}-no-sql`;
  return buildOnce(tag, () => docker(['build', '-q', '-t', tag, '-'], `FROM ${project}\nCMD ["serve", "--host", "0.0.0.0", "--no-sql"]\n`));
}

/**
 * The ids of the containers of `image`, either those a compose stack started (`compose: true`) or the others; the
 * container tests run side by side on one image, so each counts only its own kind.
 */
export function containersOf(image: string, kind: { compose: boolean }): string[] {
  const listed = execFileSync('docker', ['ps', '-a', '--filter', `ancestor=${image}`, '--format', '{{.ID}}\t{{.Label "com.docker.compose.project"}}'])
    .toString()
    .trim();
  return listed
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'))
    .filter(([, project]) => (project !== undefined && project !== '') === kind.compose)
    .map(([id]) => id ?? '');
}
