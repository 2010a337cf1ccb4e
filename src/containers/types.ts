// What a started container target offers, and the defaults of the container options.
import { KitError, KitErrorCode } from '../errors.ts';

/** CKAN's port in its images. */
export const DEFAULT_IMAGE_PORT = 5000;
/** Asked until it answers: CKAN answers it without a token, the reference server with a CKAN error envelope. */
export const DEFAULT_WAIT_PATH = '/api/3/action/status_show';
/** How long a container may take to answer after it starts (CKAN images take a while), in ms. */
export const DEFAULT_STARTUP_TIMEOUT_MS = 180_000;

/** What starting an image and starting a compose service share. */
export interface ContainerStartOptions {
  /** Environment variables of the container (for compose: the file's `${...}` substitutions). */
  env?: Readonly<Record<string, string>>;
  /** Path asked (GET) until it answers with a status below 500. Default `/api/3/action/status_show`. */
  waitPath?: string;
  /** DOCKER_HOST, when set: the engine to use (it must answer). */
  dockerHost?: string;
  /** Budget to start and answer, in ms. Default 180000. */
  startupTimeoutMs?: number;
}

/** The implementation under test, running in a container. */
export interface ContainerTarget {
  /** Base URL on this machine, e.g. `http://localhost:32768`. */
  readonly url: string;
  /** The container's output so far (stdout and stderr; the last 4 MiB). */
  log(): string;
  /** Stops and removes the container (or the stack); calling it again does nothing. */
  stop(): Promise<void>;
}

/** `['A=1', 'B=x=y']` -> `{ A: '1', B: 'x=y' }`; KitError E_USAGE for an entry without `=` or a name. */
export function parseEnvAssignments(entries: readonly string[], flag: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const at = entry.indexOf('=');
    if (at <= 0) throw new KitError(KitErrorCode.usage, `${flag} takes NAME=VALUE, got "${entry}"`);
    env[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return env;
}
