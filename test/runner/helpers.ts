// Test helpers for the runner: captured CLI io, scenario catalogues in temp dirs, small node:http targets.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { captureIo, type CapturedIo } from '../helpers/captured-io.ts';
import { serveOnFreePort, type TestServer } from '../helpers/http-server.ts';

export type { CapturedIo };

/** A captured CliIo (not TTYs) whose env is CI plus only what is given. */
export function createCapturedIo(cwd: string, env: Record<string, string> = {}): CapturedIo {
  return captureIo(cwd, { CI: '1', ...env });
}

/** A fresh temp dir; remove it with `rm(dir, { recursive: true })`. */
export function makeTempDir(prefix = 'dsk-runner-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Writes JSON files under `dir` (relative paths; folders created). */
export async function writeJsonFiles(dir: string, files: Record<string, unknown>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(dir, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, `${JSON.stringify(content, null, 2)}\n`);
  }
}

export type { TestServer };

/** Per test: a fresh folder holding a scenario's files, and the test servers started for that test. */
export interface Scenario {
  /** The current test's folder. */
  readonly dir: string;
  /** Starts a node:http target for the current test; it is closed after the test. */
  serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer>;
}

/**
 * Registers beforeEach/afterEach hooks giving each test of the file a fresh temp folder with `files` written as JSON
 * (then `prepare(dir)`, if given), and closing the servers it started and removing the folder after it.
 */
export function useScenario(files: Record<string, unknown>, options: { prefix?: string; prepare?: (dir: string) => Promise<void> } = {}): Scenario {
  let dir = '';
  const servers: TestServer[] = [];
  beforeEach(async () => {
    dir = await makeTempDir(options.prefix);
    await writeJsonFiles(dir, files);
    await options.prepare?.(dir);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await removeDir(dir);
  });
  return {
    get dir() {
      return dir;
    },
    async serve(handler) {
      const server = await startTestServer(handler);
      servers.push(server);
      return server;
    },
  };
}

/** A node:http server on a free port; close() also drops open (e.g. hanging) connections. */
export function startTestServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer> {
  return serveOnFreePort(createServer(handler));
}

/** A port that was free a moment ago and is now closed (connecting to it is refused). */
export async function findClosedPort(): Promise<number> {
  const server = await startTestServer(() => undefined);
  const port = Number(new URL(server.url).port);
  await server.close();
  return port;
}

/** Reads a request body as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The pre-flight's request path (`status_show` under /api/3/action, see src/runner/preflight.ts). */
export const PREFLIGHT_PATH = '/api/3/action/status_show';

/** What a CKAN answers to the pre-flight's status_show: its action envelope. */
export const PREFLIGHT_BODY = JSON.stringify({ help: 'http://x/api/3/action/help_show?name=status_show', success: true, result: { ckan_version: '2.11.0' } });
