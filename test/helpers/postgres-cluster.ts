// A throwaway PostgreSQL cluster for tests: initdb + pg_ctl from local binaries, in a temp dir on a free port,
// run as the `postgres` system user when the tests run as root (initdb refuses root); stopped and deleted after.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A server the tests may write to, and how to let it go. */
export interface PostgresTarget {
  url: string;
  /** Stops and deletes a throwaway cluster; does nothing for $DATABASE_URL. */
  stop(): Promise<void>;
}

/** A TCP port nothing listens on right now (for a throwaway cluster, or for an unreachable-server test). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function hasLocale(name: string): boolean {
  const result = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.split('\n').some((l) => l.toLowerCase().replace('-', '') === name);
}

/** initdb flags for en-US text order (CKAN's en_US.UTF-8): the libc locale if installed, else ICU (PostgreSQL 15+). */
function localeFlags(binDir: string): string[] {
  if (hasLocale('en_us.utf8')) return ['--locale=en_US.UTF-8'];
  const major = Number(/postgresql\/(\d+)\//.exec(`${binDir}/`)?.[1] ?? 0);
  return major >= 15 ? ['--locale-provider=icu', '--icu-locale=en-US', '--locale=C.UTF-8'] : ['--locale=C.UTF-8'];
}

/** The system user a root test process runs the cluster as. */
export interface ClusterUser {
  uid: number;
  gid: number;
  runuser: string;
}

/** Temp dirs of throwaway clusters: `<prefix><pid of the test process>-<random>`. */
const CLUSTER_PREFIX = 'dsk-postgres-';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return typeof e === 'object' && e !== null && 'code' in e && e.code === 'EPERM';
  }
}

/** Stops and deletes clusters whose test process died without cleaning up (killed runs, crashed workers). */
function removeOrphanClusters(parent: string, binDir: string, asUser: ClusterUser | undefined): void {
  for (const name of readdirSync(parent)) {
    const pid = Number(new RegExp(`^${CLUSTER_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || isProcessAlive(pid)) continue;
    const data = join(parent, name, 'data');
    const stop = [join(binDir, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'];
    if (existsSync(join(data, 'postmaster.pid'))) {
      spawnSync(asUser === undefined ? (stop[0] ?? '') : asUser.runuser, asUser === undefined ? stop.slice(1) : ['-u', 'postgres', '--', ...stop], {
        stdio: 'ignore',
      });
    }
    rmSync(join(parent, name), { recursive: true, force: true });
  }
}

export async function startCluster(binDir: string, asUser: ClusterUser | undefined): Promise<PostgresTarget> {
  // why: the postgres user must reach the dir; a root TMPDIR (e.g. under /root) may be closed to it, /tmp never is
  const parent = asUser === undefined ? tmpdir() : '/tmp';
  removeOrphanClusters(parent, binDir, asUser);
  const dir = mkdtempSync(join(parent, `${CLUSTER_PREFIX}${process.pid}-`));
  if (asUser !== undefined) chownSync(dir, asUser.uid, asUser.gid);
  const data = join(dir, 'data');
  const command = (tool: string, args: string[]): [string, string[]] =>
    asUser === undefined ? [join(binDir, tool), args] : [asUser.runuser, ['-u', 'postgres', '--', join(binDir, tool), ...args]];
  const stopSync = (): void => {
    spawnSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  // why: a test process that dies between start and stop must not leave a postgres running
  process.once('exit', stopSync);
  try {
    await run(...command('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', ...localeFlags(binDir)]));
    const port = await startOnFreePort(data, dir, command);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        process.removeListener('exit', stopSync);
        await run(...command('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])).catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw e;
  }
}

/** Starts postgres on a free port; retries with another port if one was taken between probe and start. */
async function startOnFreePort(data: string, dir: string, command: (tool: string, args: string[]) => [string, string[]]): Promise<number> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    try {
      await run(...command('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', settings, 'start']));
      return port;
    } catch (e) {
      lastError = e;
    }
  }
  const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000) : '(no server log)';
  throw new Error(`the throwaway PostgreSQL cluster did not start:\n${log}`, { cause: lastError });
}
