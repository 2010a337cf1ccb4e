// Loads a catalogue: discover files, parse with positions, validate against the case-file schema, check what
// the schema cannot, merge file defaults, and require unique ids. Every problem of every file is reported at once.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputError, KitErrorCode, type InputProblem } from '../errors.ts';
import { compileSchema } from '../schema/ajv.ts';
import { CaseFileSchema, type Case, type CaseFile } from '../schema/case.ts';
import { describeAjvErrors } from './describe-errors.ts';
import { discoverCaseFiles } from './discover.ts';
import { defaultCatalogueCacheDir, openCatalogueFileCache, type CachedCase, type CatalogueFileCache } from './file-cache.ts';
import { checkCaseFileSemantics } from './semantic-checks.ts';
import { parseSource, type SourceFile, type SourcePosition } from './source.ts';
import type { Catalogue, LoadedCase } from './types.ts';
import { toPointer } from '../util/json-pointer.ts';

/** Where relative paths start. */
export interface LoadOptions {
  /** Folder that a relative location is resolved against. Default: the working folder. */
  cwd?: string;
  /**
   * Where parsed and validated case files are cached by content hash (see file-cache.ts), or false for no cache.
   * Default: `datastore-kit-<uid>/catalogue` under the OS temp folder.
   */
  cacheDir?: string | false | undefined;
}

interface CheckedCase {
  loaded: LoadedCase;
  shownFile: string;
  idAt: SourcePosition;
}

/**
 * Loads every case file under `location` (a folder, or a single case file): `**\/*.yaml|yml|json` except
 * hidden entries, node_modules and `*.schema.json`. Throws one InputError (E_CASE_INVALID) listing every
 * problem as `file:line:col [case id] /pointer message`; file paths in messages start with `location`.
 * An empty folder gives an empty catalogue (selecting zero cases is the caller's decision).
 * A relative `location` is resolved against `options.cwd` (default: the process's working folder) but shown
 * as given, so messages stay short and clickable.
 */
export async function loadCatalogue(location: string, options: LoadOptions = {}): Promise<Catalogue> {
  const { root, files, displayBase } = await discoverCaseFiles(location, options.cwd);
  const cache = options.cacheDir === false ? undefined : openCatalogueFileCache(options.cacheDir ?? defaultCatalogueCacheDir());
  const problems: InputProblem[] = [];
  const checked: CheckedCase[] = [];
  // why a batch at a time, read, checked and its cache entries written: a large catalogue's texts and entries are
  // never all in memory at once (a run of 10,000 cases with an empty cache peaked at 212 MB when they were)
  for (let start = 0; start < files.length; start += READ_BATCH) {
    const writes: Promise<void>[] = [];
    for (const { file, text, cached } of await readCaseFiles(root, files.slice(start, start + READ_BATCH), cache)) {
      const shownFile = path.join(displayBase, file);
      if (cached !== undefined) {
        checked.push(...cached.map((c) => ({ loaded: { case: c.case, file, ...c.at }, shownFile, idAt: c.idAt })));
        continue;
      }
      const result = checkFile(parseSource(text, shownFile), file);
      problems.push(...result.problems);
      checked.push(...detachFromText(result.cases));
      if (cache !== undefined && result.problems.length === 0) writes.push(cache.write(text, result.cases.map(toCachedCase)));
    }
    await Promise.all(writes);
  }
  problems.push(...findDuplicateIds(checked));
  if (problems.length > 0) throw new InputError(KitErrorCode.caseInvalid, sortProblems(problems));
  return { root, cases: checked.map((c) => c.loaded) };
}

/** Files read at once: enough to keep the disk busy, few enough to stay far from the open-files limit. */
const READ_BATCH = 32;

/** Each file's text, and its cases when the cache has them, in file order (all read at once). */
function readCaseFiles(
  root: string,
  files: readonly string[],
  cache: CatalogueFileCache | undefined,
): Promise<{ file: string; text: string; cached: CachedCase[] | undefined }[]> {
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(root, file), 'utf8');
      return { file, text, cached: await cache?.read(text) };
    }),
  );
}

/**
 * The cases with their values copied: a parser's strings are slices of the file's text, which would stay in memory
 * as long as any of them (10,000 cases kept 7 MB more live for the whole run). One copy for the file keeps the
 * values its cases share (the file's defaults) shared, as the cache's entries do.
 */
function detachFromText(cases: readonly CheckedCase[]): CheckedCase[] {
  const copies = structuredClone(cases.map((c) => c.loaded.case));
  return cases.map((c, index) => ({ ...c, loaded: { ...c.loaded, case: copies[index] ?? c.loaded.case } }));
}

function toCachedCase(c: CheckedCase): CachedCase {
  return { case: c.loaded.case, at: { line: c.loaded.line, column: c.loaded.column }, idAt: c.idAt };
}

// Cases come back whenever the file passed the schema, so duplicate ids are found alongside other problems.
function checkFile(source: SourceFile, file: string): { problems: InputProblem[]; cases: CheckedCase[] } {
  if (source.problems.length > 0) return { problems: source.problems, cases: [] };
  const validate = compileSchema<CaseFile>(CaseFileSchema);
  const data = source.data;
  const valid = validate(data);
  const schemaProblems = valid ? [] : describeAjvErrors(validate.errors ?? [], CaseFileSchema);
  const problems = [...schemaProblems, ...checkCaseFileSemantics(data)].map((p) => {
    const at = p.key === undefined ? source.locate(p.pointer) : source.locate(p.pointer + toPointer([p.key]), true);
    return toProblem(source, p.pointer, p.message, at);
  });
  if (!valid) return { problems, cases: [] };
  const cases = data.cases.map((c, index) => ({
    loaded: { case: mergeDefaults(c, data.defaults), file, ...source.locate(`/cases/${index}`) },
    shownFile: source.file,
    idAt: source.locate(`/cases/${index}/id`),
  }));
  return { problems, cases };
}

// Problems inside a case name the case and use a pointer relative to it, as authors think in cases.
function toProblem(source: SourceFile, pointer: string, message: string, at: SourcePosition): InputProblem {
  const inCase = /^\/cases\/(\d+)(\/.*)?$/.exec(pointer);
  const caseId = inCase === null ? undefined : caseIdAt(source.data, Number(inCase[1]));
  const shown = inCase === null || caseId === undefined ? pointer : (inCase[2] ?? '');
  return { file: source.file, ...at, pointer: shown, message, ...(caseId === undefined ? {} : { caseId }) };
}

function caseIdAt(data: unknown, index: number): string | undefined {
  if (typeof data !== 'object' || data === null || !('cases' in data) || !Array.isArray(data.cases)) return undefined;
  const item: unknown = data.cases[index];
  if (typeof item !== 'object' || item === null || !('id' in item)) return undefined;
  return typeof item.id === 'string' && item.id !== '' ? item.id : undefined;
}

function mergeDefaults(item: Case, defaults: CaseFile['defaults']): Case {
  if (defaults === undefined) return item;
  const merged: Case = { ...item };
  const tags = unique([...(defaults.tags ?? []), ...(item.tags ?? [])]);
  const needs = unique([...(defaults.needs ?? []), ...(item.needs ?? [])]);
  if (tags.length > 0) merged.tags = tags;
  if (needs.length > 0) merged.needs = needs;
  if (defaults.variants !== undefined) merged.variants = { ...defaults.variants, ...item.variants };
  return merged;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function findDuplicateIds(cases: readonly CheckedCase[]): InputProblem[] {
  const byId = new Map<string, CheckedCase[]>();
  for (const c of cases) byId.set(c.loaded.case.id, [...(byId.get(c.loaded.case.id) ?? []), c]);
  const where = (c: CheckedCase): string => `${c.shownFile}:${c.idAt.line}:${c.idAt.column}`;
  return [...byId.values()]
    .filter((group) => group.length > 1)
    .flatMap((group) =>
      group.map((c) => ({
        file: c.shownFile,
        ...c.idAt,
        pointer: '/id',
        caseId: c.loaded.case.id,
        message: `duplicate case id (also at ${group
          .filter((o) => o !== c)
          .map(where)
          .join(', ')})`,
      })),
    );
}

function sortProblems(problems: readonly InputProblem[]): InputProblem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
