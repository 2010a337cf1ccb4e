// The composition root: what a command needs around the kit's pure parts, wired in one place. A session is a
// target (a URL, or the bundled reference server started with a fresh random token), an HTTP client for it, and
// optionally a report folder made ready before anything is sent. `run`, `extract` and later commands open one.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isKitError, KitError, KitErrorCode } from '../errors.ts';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../http/index.ts';
import type { ReportStream, WriteReportsOptions } from '../reporters/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import type { ReferenceData, ReferenceServer, ServerCkanVersion } from '../server/index.ts';
import { resolveWithBundled } from '../util/bundled.ts';

/** Where a session's requests go: a running API, or the bundled reference server started for the session. */
export type SessionTarget =
  | { kind: 'url'; url: string; token?: string | undefined }
  | {
      kind: 'reference';
      /** Fixtures folder, relative to `cwd`; the default `fixtures` falls back to the kit's bundled copy. */
      fixturesDir: string;
      /** The CKAN version the server answers as; default its own (2.11). */
      ckanVersion?: ServerCkanVersion | undefined;
      /** The release of that version it imitates (e.g. "2.11.5"); default the newest. */
      ckanRelease?: string | undefined;
      /** These fixtures loaded and their engine open, shared with another session's server (not closed by this one). */
      shared?: ReferenceData | undefined;
    };

/** What to open. */
export interface SessionOptions {
  target: SessionTarget;
  /** Folder relative paths resolve against. */
  cwd: string;
  /** Options of the session's HTTP client; none: the session has no client (the caller makes its own). */
  http?: HttpClientOptions | undefined;
  /**
   * The report folder and formats: readied when the session opens (E_ENV, exit 3, when unwritable; an earlier
   * run's reports renamed `*.previous`), before the server starts or anything is sent.
   */
  reports?: WriteReportsOptions | undefined;
  /** A report folder readied the same way for other report files than the run's (e.g. diff.json), by name. */
  otherReports?: { outDir: string; files: readonly string[] } | undefined;
}

/** An open session; `close()` stops the client and the server (safe to call twice). */
export interface Session {
  /** Base URL requests go to (the reference server's when it was started). */
  readonly url: string;
  /** The token to send: the reference server's random one, else the target's own (if any). */
  readonly token: string | undefined;
  /** Whether the target is the bundled reference server. */
  readonly reference: boolean;
  /** The CKAN release the reference server imitates (e.g. "2.11.5"); undefined for a URL target. */
  readonly ckanRelease: string | undefined;
  /** How to name the target in files that must not show a random port, e.g. `reference:fixtures`. */
  readonly label: string;
  /** The HTTP client, when `http` was given. */
  readonly client: HttpClient | undefined;
  /** Opens the report stream on the readied folder (E_USAGE when the session was opened without `reports`). */
  openReports(): Promise<ReportStream>;
  close(): Promise<void>;
}

/**
 * Opens a session: readies the report folder, starts the reference server when asked (KitError E_SERVER_START,
 * exit 3, when it cannot start), and creates the client. Nothing is left running when it throws.
 */
export async function openSession(options: SessionOptions): Promise<Session> {
  // why: loaded when used: a command without reports (extract) or without the reference server starts without
  // their modules (the server's alone is about 50 ms of a start on Node 20)
  const reporters = options.reports === undefined && options.otherReports === undefined ? undefined : await import('../reporters/index.ts');
  if (options.reports !== undefined) await reporters?.prepareReportDir(options.reports.outDir);
  if (options.otherReports !== undefined) await reporters?.prepareReportDir(options.otherReports.outDir, options.otherReports.files);
  const { target } = options;
  // why: the reference server gets a fresh random token, so private-resource cases exercise real auth
  const token = target.kind === 'reference' ? randomBytes(18).toString('base64url') : target.token;
  // why: the client first: its options can be refused (E_USAGE), and a server started before that would be left listening
  const client = options.http === undefined ? undefined : createHttpClient(options.http);
  const server = target.kind === 'reference' ? await startServerOrClose(options.cwd, target, token, client) : undefined;
  let closed = false;
  return {
    url: server?.url ?? (target.kind === 'url' ? target.url : ''),
    token,
    reference: server !== undefined,
    ckanRelease: server?.config.ckanRelease,
    label: target.kind === 'reference' ? `reference:${target.fixturesDir}` : target.url,
    client,
    openReports: () => {
      if (options.reports === undefined || reporters === undefined) return Promise.reject(new KitError(KitErrorCode.usage, 'this session writes no reports'));
      return reporters.openReportStream(options.reports);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client?.close();
      } finally {
        await server?.close();
      }
    },
  };
}

/** A client alone (probe, check --target, each item of an extract job), handed to `body` and closed after it. */
export async function withClient<T>(http: HttpClientOptions, body: (client: HttpClient) => Promise<T>): Promise<T> {
  const client = createHttpClient(http);
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

/** Opens a session, hands it to `body`, and closes it whatever happens. */
export async function withSession<T>(options: SessionOptions, body: (session: Session) => Promise<T>): Promise<T> {
  const session = await openSession(options);
  try {
    return await body(session);
  } finally {
    await session.close();
  }
}

async function startServerOrClose(
  cwd: string,
  target: Extract<SessionTarget, { kind: 'reference' }>,
  token: string | undefined,
  client: HttpClient | undefined,
): Promise<ReferenceServer> {
  try {
    return await startServer(cwd, target, token);
  } catch (error) {
    await client?.close();
    throw error;
  }
}

/** The folder a reference target's server loads: `fixturesDir` against `cwd`, the default one falling back to the bundled copy. */
export async function resolveFixturesDir(cwd: string, fixturesDir: string): Promise<string> {
  return path.resolve(cwd, await resolveWithBundled(cwd, fixturesDir, RUN_DEFAULTS.fixturesDir));
}

async function startServer(cwd: string, target: Extract<SessionTarget, { kind: 'reference' }>, token: string | undefined): Promise<ReferenceServer> {
  const dir = await resolveFixturesDir(cwd, target.fixturesDir);
  const { ckanVersion, ckanRelease } = target;
  // why: a release of another minor than the one the run settled on is not imitated; the minor's newest is
  const release = ckanRelease !== undefined && ckanVersion !== undefined && ckanRelease.startsWith(`${ckanVersion}.`) ? { ckanRelease } : {};
  const config = { apiTokens: token === undefined ? [] : [token], ...(ckanVersion === undefined ? {} : { ckanVersion }), ...release };
  try {
    const { startReferenceServer } = await import('../server/index.ts');
    return await startReferenceServer({
      fixturesDir: dir,
      port: 0,
      config,
      ...(target.shared === undefined ? {} : { fixtures: target.shared.fixtures, engine: target.shared.engine }),
    });
  } catch (error) {
    if (isKitError(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new KitError(KitErrorCode.serverStart, `the reference server cannot start: ${reason}`, { cause: error });
  }
}
