// The twin's mirror as a running reference server: the target's tables read into a fixtures folder, the server
// started over it (as the release the target names), and every table read back and compared with what the target
// served. A column the loader refuses, or that comes back otherwise (the target renders its type its own way), is
// mirrored as text and the server started again; one that still differs is left out of the comparison. A table
// whose rows cannot be established, or a mirror that is not the table, stops the run (exit 3).
import { InputError, KitError, KitErrorCode, isKitError } from '../errors.ts';
import type { HttpClient } from '../http/index.ts';
import { buildMirror, verifyMirror, writeDataPackage, type MirrorBuild, type PackageTable, type TableToMirror, type TwinTarget } from '../twin/index.ts';
import type { ServerCkanVersion } from '../server/index.ts';
import { openSession, type Session } from './session.ts';

/** What to mirror, where, and as which release. */
export interface MirrorRequest {
  cwd: string;
  dir: string;
  tables: readonly TableToMirror[];
  pageSize: number;
  maxRows: number;
  aliasCandidates: readonly string[];
  ckanVersion: ServerCkanVersion;
  ckanRelease: string;
  /** A line of progress (tables read, the server started). */
  onProgress?: (line: string) => void;
}

/** The running mirror. */
export interface RunningMirror {
  session: Session;
  build: MirrorBuild;
  /** Columns left out of the comparison, by table id. */
  notCompared: Map<string, string[]>;
}

/** Loader refusals and differing columns are retried this often (each retry starts the server again). */
const MAX_STARTS = 3;

/** Builds, starts and verifies the mirror (see the file comment). */
export async function openMirror(client: HttpClient, target: TwinTarget, request: MirrorRequest): Promise<RunningMirror> {
  const build = await buildMirror(client, target, {
    dir: request.dir,
    tables: request.tables,
    pageSize: request.pageSize,
    maxRows: request.maxRows,
    aliasCandidates: request.aliasCandidates,
    onTable: (read) => request.onProgress?.(`read resources.${read.table.name}: ${read.refused ?? read.untrusted ?? `${read.rows} rows`}`),
  });
  const untrusted = build.reads.filter((read) => read.untrusted !== undefined);
  if (untrusted.length > 0) {
    const reasons = untrusted.map((read) => `resources.${read.table.name}: ${read.untrusted ?? ''}`).join('; ');
    throw new KitError(KitErrorCode.environment, `the mirror cannot be trusted, so the twin would be a wrong oracle: ${reasons}`);
  }
  if (build.tables.length === 0) {
    const reasons = build.reads.map((read) => `resources.${read.table.name}: ${read.refused ?? 'not read'}`).join('; ');
    throw new KitError(KitErrorCode.environment, `no table of the profile could be mirrored: ${reasons}`);
  }
  const notCompared = new Map<string, string[]>();
  for (let start = 1; ; start++) {
    const session = await startOrRetype(request, build, start);
    if (session === undefined) continue;
    let changed: boolean;
    try {
      changed = await checkTables(client, session, build, notCompared, start < MAX_STARTS);
    } catch (error) {
      await session.close();
      throw error;
    }
    if (!changed) return { session, build, notCompared };
    await session.close();
    await writeDataPackage(request.dir, build.tables);
    request.onProgress?.('some columns came back otherwise than the target served them: mirrored as text, starting again');
  }
}

/** Starts the server; when the loader refuses columns (their type), they become text and undefined is returned. */
async function startOrRetype(request: MirrorRequest, build: MirrorBuild, start: number): Promise<Session | undefined> {
  try {
    return await openSession({
      cwd: request.cwd,
      target: { kind: 'reference', fixturesDir: request.dir, ckanVersion: request.ckanVersion, ckanRelease: request.ckanRelease },
    });
  } catch (error) {
    if (!(error instanceof InputError) || error.code !== KitErrorCode.fixturesInvalid || start >= MAX_STARTS) throw describeLoadFailure(error);
    const retyped = retypeRefused(error, build.tables);
    if (!retyped) throw describeLoadFailure(error);
    await writeDataPackage(request.dir, build.tables);
    return undefined;
  }
}

function describeLoadFailure(error: unknown): unknown {
  if (!isKitError(error)) return error;
  return new KitError(KitErrorCode.environment, `the mirror could not be loaded into the reference server: ${error.message}`, { cause: error });
}

/** Marks the columns the loader names as text; false when a problem names none (nothing to retry). */
function retypeRefused(error: InputError, tables: readonly PackageTable[]): boolean {
  let retyped = false;
  for (const problem of error.problems) {
    const byPointer = /^\/resources\/(\d+)\/schema\/fields\/(\d+)\//.exec(`${problem.pointer}/`);
    const byFile = /^column "(.+?)": /.exec(problem.message);
    const table = byPointer === null ? tables.find((t) => problem.file.endsWith(t.written.file.split('/').at(-1) ?? '\0')) : tables[Number(byPointer[1])];
    if (table === undefined) continue;
    const index = byPointer === null ? -1 : Number(byPointer[2]) - (table.written.hasIds ? 1 : 0);
    const field = byFile?.[1] ?? table.written.fields[index]?.id;
    if (field === undefined || table.asText.has(field)) continue;
    table.asText = new Set([...table.asText, field]);
    retyped = true;
  }
  return retyped;
}

/** Verifies every table; marks differing columns as text (true: start again) or, once they are text, not compared. */
async function checkTables(client: HttpClient, session: Session, build: MirrorBuild, notCompared: Map<string, string[]>, mayRetry: boolean): Promise<boolean> {
  let changed = false;
  for (const table of build.tables) {
    const check = await verifyMirror(client, { url: session.url, token: session.token }, table.id, table.written);
    if (check.rows !== undefined) throw new KitError(KitErrorCode.environment, `the mirror of ${table.id} is not the target's table: ${check.rows}`);
    for (const [field, example] of check.fields) {
      const read = build.reads.find((r) => r.resourceId === table.id);
      if (!table.asText.has(field) && mayRetry) {
        table.asText = new Set([...table.asText, field]);
        read?.notes.push(`"${field}": ${example}; mirrored as text`);
        changed = true;
      } else {
        notCompared.set(table.id, [...(notCompared.get(table.id) ?? []), field]);
        read?.notes.push(`"${field}": ${example}; left out of the comparison`);
      }
    }
  }
  return changed;
}
