// Reaching the container engine, and the one-line errors when the engine or a container fails.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';
import { KitError, KitErrorCode } from '../errors.ts';

/**
 * testcontainers, imported on first use: it pulls in a Docker client (170 packages, about 100 MB) that only
 * `run --image/--compose` needs, so it is an optional peer dependency, installed by those who use containers.
 */
export type Testcontainers = typeof import('testcontainers');

const MAX_LOG_BYTES = 4 * 1024 * 1024;

const NO_ENGINE = 'start Docker or set DOCKER_HOST, or start the implementation yourself and run with --target URL';

/**
 * Loads testcontainers and checks a container engine answers; KitError E_ENV (exit 3) when none does. `dockerHost`
 * (DOCKER_HOST) must answer itself: testcontainers would otherwise fall back to another engine without a word.
 */
export async function connectEngine(dockerHost?: string): Promise<Testcontainers> {
  if (dockerHost !== undefined && dockerHost !== '' && !(await answers(dockerHost))) {
    throw new KitError(KitErrorCode.environment, `no container engine at DOCKER_HOST ${dockerHost}: ${NO_ENGINE}`);
  }
  const testcontainers = await importTestcontainers();
  try {
    await testcontainers.getContainerRuntimeClient();
  } catch (error) {
    throw new KitError(KitErrorCode.environment, `no container engine is reachable: ${NO_ENGINE}`, { cause: error });
  }
  return testcontainers;
}

/** The testcontainers package; KitError E_USAGE (exit 2) with how to install it when it is not installed. */
async function importTestcontainers(): Promise<Testcontainers> {
  try {
    return await import('testcontainers');
  } catch (error) {
    if (!isMissingPackage(error, 'testcontainers')) throw error;
    throw new KitError(KitErrorCode.usage, MISSING_TESTCONTAINERS, { cause: error });
  }
}

const MISSING_TESTCONTAINERS = '--image and --compose need the optional package testcontainers: install it beside the kit (npm i testcontainers)';

/** Whether `error` is Node's failure to find the package `name` itself (not one of its own imports). */
function isMissingPackage(error: unknown, name: string): boolean {
  if (!(error instanceof Error) || !('code' in error) || error.code !== 'ERR_MODULE_NOT_FOUND') return false;
  return error.message.includes(`Cannot find package '${name}'`);
}

/** Whether a DOCKER_HOST (unix:// socket or tcp://host:port) is there to connect to. */
async function answers(dockerHost: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(dockerHost);
  } catch {
    return false;
  }
  if (url.protocol === 'unix:') return existsSync(url.pathname);
  if (url.protocol !== 'tcp:' && url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 2375), timeout: 5000 });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket
      .once('connect', () => done(true))
      .once('error', () => done(false))
      .once('timeout', () => done(false));
  });
}

/** KitError E_ENV for a container that did not start or answer: the reason's first line, and the log's last line. */
export function startFailure(what: string, error: unknown, log = ''): KitError {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const lastLine = log.trim().split('\n').at(-1)?.trim() ?? '';
  const logged = lastLine === '' ? '' : `; its log ends: ${lastLine.slice(0, 300)}`;
  return new KitError(KitErrorCode.environment, `${what} did not start or answer: ${reason}${logged}`, { cause: error });
}

/** Collects a container's output from a log stream, keeping the last MAX_LOG_BYTES. */
export function createLogCollector(): { consume(stream: Readable): void; text(): string } {
  let chunks: Buffer[] = [];
  let size = 0;
  return {
    consume(stream) {
      stream.on('data', (chunk: Buffer | string) => {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        chunks.push(buffer);
        size += buffer.length;
        while (size > MAX_LOG_BYTES && chunks.length > 1) size -= chunks.shift()?.length ?? 0;
      });
      stream.on('error', () => undefined);
    },
    text() {
      chunks = [Buffer.concat(chunks)];
      return chunks[0]?.toString('utf8') ?? '';
    },
  };
}
