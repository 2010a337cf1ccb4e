// Running `twin` in the tests: the CLI in this process against a target on a free port, its twin.json read back.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileSchema } from '../../src/schema/ajv.ts';
import { TwinReportSchema, type TwinReport } from '../../src/schema/twin-report.ts';
import { runCliInProcess } from '../helpers/captured-io.ts';
import { FOREIGN_TOKEN, MAINTENANCE_ID, OBSERVATIONS_ID } from '../foreign/index.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A folder for one test file's profiles and reports, removed by `remove()`. */
export async function createWorkDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dsk-twin-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The foreign implementation's profile as `probe` writes it (its values checked against it), with the capabilities
 * probe could not confirm in time on a loaded machine (sql: its PGlite opens at the first query) named by hand.
 */
export const FOREIGN_PROFILE = `name: foreign
data: other
capabilities: [distinct, fields, locale, offset, private, sort, total, sql, token]
resources:
  courses: ${OBSERVATIONS_ID}
  staff: ${MAINTENANCE_ID}
token:
  env: FOREIGN_TOKEN
values:
  rowCount: 3600
  textField: report
  categoryField: kind
  categoryValue: synoptic
  otherCategoryValue: climate
  secondField: observer
  secondValue: Ólafur Jónsson
  numericField: elevation
  searchWord: aurora
  searchWordUpper: AURORA
  secondSearchWord: synoptic
  absentWord: zzyzxqwv
  likePattern: '%fog%'
  rowsDefault: 100
  rowsMax: 10000
`;

/** Writes `text` as a profile in `dir` and returns its path. */
export async function writeProfile(dir: string, name: string, text: string): Promise<string> {
  const file = path.join(dir, `${name}.yaml`);
  await writeFile(file, text);
  return file;
}

/** `datastore-kit twin` against `url` with `args`, its exit code, console and twin.json. */
export async function runTwin(
  url: string,
  args: readonly string[],
  out: string,
  env: Record<string, string> = { FOREIGN_TOKEN },
): Promise<{ code: number; stdout: string; stderr: string; report: TwinReport | undefined }> {
  const outcome = await runCliInProcess(['twin', '--target', url, '--report', 'json', '--out', out, ...args], { cwd: ROOT, env });
  const text = await readFile(path.join(out, 'twin.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return { ...outcome, report: undefined };
  const parsed: unknown = JSON.parse(text);
  const valid = compileSchema<TwinReport>(TwinReportSchema);
  if (!valid(parsed)) throw new Error(`twin.json does not keep its schema: ${JSON.stringify(valid.errors)}`);
  return { ...outcome, report: parsed };
}
