// The names a profile may use: the capabilities the catalogue's `needs` and the kit know, and the resource and
// value names its cases reference. A profile naming anything else is a typo until proven otherwise ("locle").
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputError, KitErrorCode, type InputProblem } from '../errors.ts';
import { CKAN_VERSIONS } from '../schema/ckan-version.ts';
import type { Profile } from '../schema/profile.ts';
import { BEHAVIOUR_CAPABILITIES, CKAN_CAPABILITY } from './capabilities.ts';
import { locateProblems, parseSource } from './source.ts';
import type { LoadedCase } from './types.ts';
import { toPointer } from '../util/json-pointer.ts';

/**
 * Capabilities the kit itself acts on, whatever the catalogue: `locale` (variants with a locale segment need it),
 * `token` (the runner sends one), the behaviour capabilities (offset, sort, ... probe detects them), `ckan` (answers as CKAN does), and the older `ckan-<version>` for every version.
 */
export const KIT_CAPABILITIES: readonly string[] = Object.freeze([
  'sql',
  'private',
  'token',
  'locale',
  'jsonp',
  ...BEHAVIOUR_CAPABILITIES,
  CKAN_CAPABILITY,
  ...CKAN_VERSIONS.map((v) => `ckan-${v}`),
]);

/** What a catalogue lets a profile name. */
export interface CatalogueNames {
  capabilities: string[];
  resources: string[];
  values: string[];
}

const REFERENCE = /\$(\$?)\{(resources|values)\.([A-Za-z0-9_-]+)[^}]*\}/g;

/** The capabilities (`needs` plus the kit's), resources and values (first segment of `${values.X.Y}`) the cases use. */
export function collectCatalogueNames(cases: readonly LoadedCase[]): CatalogueNames {
  const capabilities = new Set(KIT_CAPABILITIES);
  const resources = new Set<string>();
  const values = new Set<string>();
  for (const loaded of cases) {
    for (const need of loaded.case.needs ?? []) capabilities.add(need);
    for (const text of stringsIn(loaded.case)) {
      for (const match of text.matchAll(REFERENCE)) {
        if (match[1] === '$' || match[3] === undefined) continue;
        (match[2] === 'resources' ? resources : values).add(match[3]);
      }
    }
  }
  return { capabilities: [...capabilities].sort(), resources: [...resources].sort(), values: [...values].sort() };
}

function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsIn(item);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* stringsIn(item);
    }
  }
}

/** The known name nearest to `name` (edit distance at most a third of its length, at least 2), if any. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name: candidate, distance };
  }
  return best !== undefined && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Problems (pointer + message) for every capability, resource and value of the profile the catalogue does not know. */
export function findUnknownProfileNames(profile: Profile, names: CatalogueNames): { pointer: string; key?: string; message: string }[] {
  const problems: { pointer: string; key?: string; message: string }[] = [];
  profile.capabilities.forEach((capability, i) => {
    if (!names.capabilities.includes(capability)) {
      problems.push({ pointer: `/capabilities/${i}`, message: unknown('capability', capability, names.capabilities) });
    }
  });
  for (const [section, known] of [
    ['resources', names.resources],
    ['values', names.values],
  ] as const) {
    for (const name of Object.keys(profile[section] ?? {})) {
      if (known.includes(name)) continue;
      problems.push({ pointer: toPointer([section]), key: name, message: unknown(section === 'resources' ? 'resource' : 'value', name, known, true) });
    }
  }
  return problems;
}

function unknown(kind: string, name: string, known: readonly string[], usedByCases = false): string {
  const what = usedByCases ? `${kind} name "${name}" is used by no case` : `unknown ${kind} "${name}"`;
  return `${what}${nameHint(name, known)}`;
}

/** ` (did you mean X?)` with the closest known name, else ` (known: a, b, ...)`. */
export function nameHint(name: string, known: readonly string[]): string {
  const near = closestName(name, known);
  return near === undefined ? ` (known: ${known.join(', ')})` : ` (did you mean ${near}?)`;
}

/**
 * Throws InputError E_PROFILE_INVALID naming `file:line:col`, the key and the closest known name for every
 * capability, resource or value of the profile file that the catalogue does not know.
 */
export async function checkProfileNames(
  file: string,
  profile: Profile,
  names: CatalogueNames,
  options: { cwd?: string | undefined; shownAs?: string | undefined } = {},
): Promise<void> {
  const problems = findUnknownProfileNames(profile, names);
  if (problems.length === 0) return;
  const source = parseSource(await readFile(path.resolve(options.cwd ?? '.', file), 'utf8'), options.shownAs ?? file);
  const located: InputProblem[] = locateProblems(source, problems);
  throw new InputError(KitErrorCode.profileInvalid, located);
}
