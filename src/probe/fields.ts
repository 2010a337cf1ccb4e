// Column names and values of resources.courses that really occur: chosen from a sample of records, then
// counted by the target itself (a filter query per value), so each value carries the count it answered.
import type { ProbeTarget } from './ask.ts';
import type { ResourceFacts } from './resources.ts';
import { found, isNumericField, isPlainName, isPlainValue, isTextField, missing, plural, search, type Found } from './search.ts';

/** Values found so far, by value name. */
export type FoundValues = Record<string, Found<unknown>>;

/** Candidates tried per value before giving up (each costs one or two requests). */
const TRIES = 3;

/** textField: the plain text column with the most distinct values in the sample (titles, names). */
export function findTextField(courses: ResourceFacts, sample: readonly Record<string, unknown>[]): Found<string> {
  const ranked = courses.fields
    .filter((f) => isTextField(f) && isPlainName(f.id))
    .map((f) => ({ id: f.id, distinct: new Set(sample.map((r) => r[f.id]).filter((v) => typeof v === 'string' && /\p{L}/u.test(v))).size }))
    .filter((f) => f.distinct > 0)
    .sort((a, b) => b.distinct - a.distinct);
  const best = ranked[0];
  if (best === undefined) return missing('resources.courses has no text column with a plain name (letters, digits, _) and values');
  return found(best.id, `text column, ${plural(best.distinct, 'distinct value')} in the first ${plural(sample.length, 'record')}`);
}

/** numericField: a numeric column with different values in the sample (preferably never null), for sorting. */
export async function findNumeric(target: ProbeTarget, courses: ResourceFacts, sample: readonly Record<string, unknown>[]): Promise<Found<string>> {
  const candidates = courses.fields
    .filter((f) => isNumericField(f) && isPlainName(f.id))
    .map((f) => ({ id: f.id, values: sample.map((r) => r[f.id]) }))
    .map((c) => ({ ...c, nulls: c.values.filter((v) => v == null).length, distinct: new Set(c.values.filter((v) => v != null).map(String)).size }))
    .filter((c) => c.distinct >= 2)
    // why: the sort cases break ties with a second key; a column whose values repeat checks that, a unique one not
    .sort((a, b) => a.nulls - b.nulls || Number(hasTies(b)) - Number(hasTies(a)) || b.distinct - a.distinct);
  const best = candidates[0];
  if (best === undefined) return missing('resources.courses has no numeric column with a plain name and two different values');
  const sorted = await search(target, { resource_id: courses.id, sort: `${best.id} desc, _id asc`, fields: ['_id', best.id], limit: 1 });
  // why: a target without sort (or fields) still has the column; the cases that sort need capability sort anyway
  if (typeof sorted === 'string') return found(best.id, `numeric column, ${plural(best.distinct, 'distinct value')} in the sample (sorting on it: ${sorted})`);
  const top = sorted.records[0]?.[best.id];
  return found(best.id, `numeric column, ${plural(best.distinct, 'distinct value')} in the sample; sort desc starts at ${JSON.stringify(top ?? null)}`);
}

/**
 * numericValue and numericText: a value of numericField in some records, no more than a page of them (the most
 * frequent such in the sample), counted by a filter with the number; numericText is it as text, counted too (a
 * target that compares the text as a number answers the same count).
 */
export async function findNumericValue(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  { field, page }: { field: string; page: number },
): Promise<FoundValues> {
  const counts = new Map<number, number>();
  for (const record of sample) {
    const raw = record[field];
    // why text too: a target may render numeric as a string ("12.50"); the filter still takes the number
    const value = typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    if (typeof value === 'number' && /^-?\d+(\.\d+)?$/.test(String(value))) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  let reason = `no value of ${field} in the sample is a plain number (digits, a point)`;
  for (const [value] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, TRIES)) {
    const answer = await search(target, { resource_id: courses.id, filters: { [field]: value }, limit: 0 });
    if (typeof answer === 'string') return { numericValue: missing(answer), numericText: missing(answer) };
    if (answer.total < 1 || answer.total > page) {
      reason = `a filter on ${field} = ${value} answered ${plural(answer.total, 'record')} (wanted 1 to ${page})`;
      continue;
    }
    const text = await search(target, { resource_id: courses.id, filters: { [field]: String(value) }, limit: 0 });
    const said = typeof text === 'string' ? text : `a filter with it answered ${plural(text.total, 'record')}`;
    return {
      numericValue: found(value, `${plural(answer.total, 'record')} (datastore_search filters)`),
      numericText: found(String(value), `numericValue as text; ${said}`),
    };
  }
  return { numericValue: missing(reason), numericText: missing(reason) };
}

function hasTies(column: { values: readonly unknown[]; nulls: number; distinct: number }): boolean {
  return column.distinct < column.values.length - column.nulls;
}

/** privateField: a text column of the private resource (read with the token). */
export function findPrivateField(staff: Found<ResourceFacts>): Found<string> {
  if (!staff.ok) return missing(`no resources.staff: ${staff.reason}`);
  if (staff.value.access !== 'private-readable')
    return missing('the private resource could not be read (no token, or the token does not open it), so its columns are unknown');
  const field = staff.value.fields.find((f) => isTextField(f) && isPlainName(f.id));
  return field === undefined ? missing('resources.staff has no text column with a plain name') : found(field.id, 'text column of resources.staff');
}

/** rowCount: the total datastore_search answers for resources.courses. */
export function findRowCount(courses: ResourceFacts): Found<number> {
  return found(courses.total, 'records of resources.courses (datastore_search total)');
}

/**
 * arrayField and arrayValue: an array column and one whole value of it (scalars only) that a filter with that
 * list finds; the count is the target's total for that filter.
 */
export async function findArray(target: ProbeTarget, courses: ResourceFacts, sample: readonly Record<string, unknown>[]): Promise<FoundValues> {
  const columns = courses.fields.filter((f) => f.type.startsWith('_') && isPlainName(f.id));
  let reason = columns.length === 0 ? 'resources.courses has no array column with a plain name' : 'no array value of scalars in the sample';
  for (const column of columns.slice(0, TRIES)) {
    const counts = new Map<string, number>();
    for (const record of sample) {
      const value = record[column.id];
      if (Array.isArray(value) && value.length > 0 && value.every((v) => isPlainValue(v) || typeof v === 'number')) {
        const key = JSON.stringify(value);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    const best = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (best === undefined) continue;
    const value: unknown = JSON.parse(best[0]);
    const answer = await search(target, { resource_id: courses.id, filters: { [column.id]: value }, limit: 0 });
    if (typeof answer === 'string' || answer.total < 1) {
      reason = `a filter ${JSON.stringify({ [column.id]: value })} (the whole list) answered ${typeof answer === 'string' ? answer : '0 records'}`;
      continue;
    }
    return {
      arrayField: found(column.id, `array column (${column.type})`),
      arrayValue: found(value, `${plural(answer.total, 'record')} (datastore_search filters)`),
    };
  }
  return { arrayField: missing(reason), arrayValue: missing(reason) };
}
