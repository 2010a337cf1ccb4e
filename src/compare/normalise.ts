// Normalisation: what legitimately changes between runs (help URLs, link hosts, rank floats, estimated totals,
// volatile fields, ignored paths) is removed from a snapshot before it is compared or stored.
import { isPlainObject } from '../util/json.ts';
import { getChild, splitPointer } from '../util/json-pointer.ts';
import { isNestedDeeperThan, MAX_DEPTH, withKey, withoutKey } from './json-edit.ts';
import { readColumns } from './record-table.ts';
import { hideDeployment } from './deployment.ts';
import { hideStatement, unwrapJsonp } from './envelope-text.ts';
import { replaceNames } from './replace-names.ts';
import type { NormaliseRules, ResponseSnapshot } from './types.ts';

/** The rules used when neither the profile nor the case says otherwise. */
export const DEFAULT_NORMALISE_RULES: Readonly<NormaliseRules> = Object.freeze({
  ignore: [],
  volatile: [],
  rankDigits: 6,
  help: true,
  linksHost: true,
  deployment: true,
  estimatedTotal: true,
  statement: true,
  jsonp: true,
  names: {},
});

/** Rules from layers, later over earlier (defaults < profile < case): `ignore` and `volatile` add up, the rest replace. */
export function resolveNormaliseRules(...layers: Array<Partial<NormaliseRules> | undefined>): NormaliseRules {
  const rules: NormaliseRules = { ...DEFAULT_NORMALISE_RULES, ignore: [], volatile: [], names: {} };
  for (const layer of layers) {
    if (layer === undefined) continue;
    rules.ignore = union(rules.ignore, layer.ignore);
    rules.volatile = union(rules.volatile, layer.volatile);
    if (layer.rankDigits !== undefined) rules.rankDigits = layer.rankDigits;
    if (layer.help !== undefined) rules.help = layer.help;
    if (layer.linksHost !== undefined) rules.linksHost = layer.linksHost;
    if (layer.deployment !== undefined) rules.deployment = layer.deployment;
    if (layer.estimatedTotal !== undefined) rules.estimatedTotal = layer.estimatedTotal;
    if (layer.statement !== undefined) rules.statement = layer.statement;
    if (layer.jsonp !== undefined) rules.jsonp = layer.jsonp;
    if (layer.names !== undefined) rules.names = { ...rules.names, ...layer.names };
  }
  return rules;
}

function union(base: string[], more: readonly string[] | undefined): string[] {
  return more === undefined ? base : [...new Set([...base, ...more])];
}

/** Marker written where a volatile field's value was. */
export const VOLATILE_VALUE = '<volatile>';
/** Marker written where an estimated total was. */
export const ESTIMATED_VALUE = '<estimated>';
/** Marker written where an ignored array element was (elements are replaced so that positions stay). */
export const IGNORED_VALUE = '<ignored>';

/** The snapshot with the rules applied, and the names of the rules that changed something (for the report). */
export function normaliseSnapshot(snapshot: ResponseSnapshot, rules: NormaliseRules): { snapshot: ResponseSnapshot; applied: string[] } {
  if (isNestedDeeperThan(snapshot.body, MAX_DEPTH)) {
    // why: the comparison and the baseline file walk the body recursively; a hostile body must not overflow them
    return { snapshot: { status: snapshot.status, body: `<body nested deeper than ${MAX_DEPTH} levels>` }, applied: ['depth'] };
  }
  const applied: string[] = [];
  let body = snapshot.body;
  const step = (name: string, next: unknown): void => {
    if (next !== body) applied.push(name);
    body = next;
  };
  // why: first, so that the envelope inside a JSONP answer is normalised and compared as any other answer
  if (rules.jsonp) step('jsonp', unwrapJsonp(body));
  if (rules.help && isPlainObject(body) && Object.hasOwn(body, 'help')) step('help', withoutKey(body, 'help'));
  if (rules.linksHost) step('linksHost', updateResult(body, stripLinkHosts));
  if (rules.deployment) step('deployment', hideDeployment(body));
  if (rules.estimatedTotal) step('estimatedTotal', updateResult(body, hideEstimatedTotal));
  if (rules.statement) step('statement', hideStatement(body));
  step(
    `rankDigits=${rules.rankDigits}`,
    updateResult(body, (result) => roundRanks(result, rules.rankDigits)),
  );
  for (const field of rules.volatile)
    step(
      `volatile:${field}`,
      updateResult(body, (result) => hideVolatile(result, field)),
    );
  step('names', replaceNames(body, rules.names));
  for (const pointer of rules.ignore) step(`ignore:${pointer}`, removeAt(body, splitPointer(pointer)));
  return { snapshot: { status: snapshot.status, body }, applied };
}

function updateResult(body: unknown, update: (result: Record<string, unknown>) => Record<string, unknown>): unknown {
  const result = getChild(body, 'result');
  if (!isPlainObject(body) || !isPlainObject(result)) return body;
  const next = update(result);
  return next === result ? body : withKey(body, 'result', next);
}

const URL_ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

function stripLinkHosts(result: Record<string, unknown>): Record<string, unknown> {
  const links = getChild(result, '_links');
  if (!isPlainObject(links)) return result;
  let next = links;
  for (const [key, value] of Object.entries(links)) {
    if (typeof value === 'string' && URL_ORIGIN.test(value)) next = withKey(next, key, value.replace(URL_ORIGIN, '') || '/');
  }
  return next === links ? result : withKey(result, '_links', next);
}

function hideEstimatedTotal(result: Record<string, unknown>): Record<string, unknown> {
  if (getChild(result, 'total_was_estimated') !== true || !Object.hasOwn(result, 'total')) return result;
  return withKey(result, 'total', ESTIMATED_VALUE);
}

function isRankField(field: string): boolean {
  return field === 'rank' || field.startsWith('rank ');
}

function roundRanks(result: Record<string, unknown>, digits: number): Record<string, unknown> {
  return mapRecordValues(result, (field, value) => {
    if (!isRankField(field) || typeof value !== 'number' || !Number.isFinite(value)) return value;
    return Number(value.toPrecision(Math.min(Math.max(Math.trunc(digits), 1), 17)));
  });
}

function hideVolatile(result: Record<string, unknown>, volatileField: string): Record<string, unknown> {
  return mapRecordValues(result, (field, value) => (field === volatileField ? VOLATILE_VALUE : value));
}

/** `result` with `map` applied to each value of each record (objects, or lists named by result.fields). */
function mapRecordValues(result: Record<string, unknown>, map: (field: string, value: unknown) => unknown): Record<string, unknown> {
  const records = getChild(result, 'records');
  if (!Array.isArray(records)) return result;
  const columns = readColumns(result);
  let changed = false;
  const next = records.map((record: unknown) => {
    const mapped = mapRecord(record, columns, map);
    if (mapped !== record) changed = true;
    return mapped;
  });
  return changed ? withKey(result, 'records', next) : result;
}

function mapRecord(record: unknown, columns: readonly string[] | undefined, map: (field: string, value: unknown) => unknown): unknown {
  if (Array.isArray(record) && columns !== undefined) {
    const next = record.map((value: unknown, index) => (index < columns.length ? map(columns[index] ?? '', value) : value));
    return next.some((value, index) => !Object.is(value, record[index])) ? next : record;
  }
  if (!isPlainObject(record)) return record;
  let next = record;
  for (const [field, value] of Object.entries(record)) {
    const mapped = map(field, value);
    if (!Object.is(mapped, value)) next = withKey(next, field, mapped);
  }
  return next;
}

/** `value` without what `tokens` (a pointer, `*` = any one segment) points at; object keys go, array items become `<ignored>`. */
function removeAt(value: unknown, tokens: readonly string[]): unknown {
  const [head, ...rest] = tokens;
  if (head === undefined) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item: unknown, index) => {
      if (head !== '*' && head !== String(index)) return item;
      const replaced = rest.length === 0 ? IGNORED_VALUE : removeAt(item, rest);
      if (replaced !== item) changed = true;
      return replaced;
    });
    return changed ? next : value;
  }
  if (!isPlainObject(value)) return value;
  let next = value;
  for (const key of head === '*' ? Object.keys(value) : Object.hasOwn(value, head) ? [head] : []) {
    if (rest.length === 0) next = withoutKey(next, key);
    else {
      const child = removeAt(value[key], rest);
      if (child !== value[key]) next = withKey(next, key, child);
    }
  }
  return next;
}
