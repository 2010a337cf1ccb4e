// Finds a real PostgreSQL server for the postgres engine tests: $DATABASE_URL, else a throwaway cluster started
// from local binaries (initdb + pg_ctl) in a temp dir on a free port, stopped and deleted afterwards.
// testcontainers is not used here: no image registry is reachable for a postgres image, and CI machines may have no Docker engine.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { startCluster, type PostgresTarget } from './postgres-cluster.ts';

export { freePort } from './postgres-cluster.ts';
export type { PostgresTarget } from './postgres-cluster.ts';

export type PostgresAvailability = { available: true; source: string; start(): Promise<PostgresTarget> } | { available: false; reason: string };

/** One line on Docker: why the PostgreSQL tests use a local cluster rather than a testcontainers one. */
export function describeDocker(env: NodeJS.ProcessEnv = process.env): string {
  if ((env['DOCKER_HOST'] ?? '') === '' && !existsSync('/var/run/docker.sock')) {
    return 'no Docker engine (no /var/run/docker.sock, DOCKER_HOST unset), so no testcontainers';
  }
  return 'Docker is present, but no PostgreSQL image can be pulled here (no registry), so no testcontainers';
}

/** The newest PostgreSQL bin dir holding initdb and pg_ctl: /usr/lib/postgresql/<n>/bin, then PATH. */
export function findPostgresBinDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+(\.\d+)?$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [...versions.map((v) => join(root, v, 'bin')), ...(env['PATH'] ?? '').split(delimiter).filter((d) => d !== '')];
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

function idOf(flag: '-u' | '-g', user: string): number | undefined {
  const result = spawnSync('id', [flag, user], { encoding: 'utf8' });
  const id = Number(result.stdout.trim());
  return result.status === 0 && Number.isInteger(id) ? id : undefined;
}

/** Where the postgres engine tests get a server, or why they are skipped. Never starts anything itself. */
export function findPostgres(env: NodeJS.ProcessEnv = process.env): PostgresAvailability {
  const fromEnv = env['DATABASE_URL'] ?? '';
  if (fromEnv !== '') return { available: true, source: '$DATABASE_URL', start: async () => ({ url: fromEnv, stop: async () => undefined }) };
  const binDir = findPostgresBinDir(env);
  if (binDir === undefined) {
    return { available: false, reason: `no PostgreSQL: DATABASE_URL unset, ${describeDocker(env)}, no initdb under /usr/lib/postgresql/*/bin or on PATH` };
  }
  const isRoot = process.getuid?.() === 0;
  // why: initdb refuses to run as root; the cluster runs as the `postgres` system user instead
  if (!isRoot) return { available: true, source: `a throwaway cluster from ${binDir}`, start: () => startCluster(binDir, undefined) };
  const uid = idOf('-u', 'postgres');
  const gid = idOf('-g', 'postgres');
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((file) => existsSync(file));
  if (uid === undefined || gid === undefined || runuser === undefined) {
    return { available: false, reason: 'no PostgreSQL: running as root, and no `postgres` user or runuser to run initdb as' };
  }
  const asUser = { uid, gid, runuser };
  return { available: true, source: `a throwaway cluster from ${binDir}`, start: () => startCluster(binDir, asUser) };
}

/** One test file's view of the server: started on first use, shared by the file's suites, stopped in afterAll. */
export interface SharedPostgres {
  available: boolean;
  /** The server URL; starts the throwaway cluster on the first call. */
  url(): Promise<string>;
  /** A database name no other test (or run) uses: dsk_test_<pid>_<n>. */
  uniqueDatabase(): string;
  stop(): Promise<void>;
}

/** Where the tests run, for the describe title: the source, or why they are skipped. */
export function describePostgresAvailability(env: NodeJS.ProcessEnv = process.env): string {
  const found = findPostgres(env);
  return found.available ? found.source : `nothing (skipped: ${found.reason})`;
}

/** Finds a server for this test file and prints one line saying which (or why the tests are skipped). */
export function sharedPostgres(env: NodeJS.ProcessEnv = process.env): SharedPostgres {
  const found = findPostgres(env);
  if (!found.available) console.warn(`postgres engine tests skipped: ${found.reason}`);
  else if ((env['DATABASE_URL'] ?? '') === '') console.info(`postgres engine tests: ${describeDocker(env)}; using ${found.source}`);
  let started: Promise<PostgresTarget> | undefined;
  let count = 0;
  return {
    available: found.available,
    url: async () => {
      if (!found.available) throw new Error(`no PostgreSQL server: ${found.reason}`);
      started ??= found.start();
      return (await started).url;
    },
    uniqueDatabase: () => {
      count += 1;
      return `dsk_test_${process.pid}_${count}`;
    },
    stop: async () => {
      if (started !== undefined) await (await started).stop();
    },
  };
}
