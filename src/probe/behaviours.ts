// Capabilities by behaviour, whoever wrote the target: does it page with offset, sort, project with fields, drop
// duplicates with distinct, count with total? Each is asked of resources.courses and judged by its effect, so a
// target that accepts a parameter and ignores it does not get the checks of it (the profile says so).
import type { ProbeTarget } from './ask.ts';
import type { ResourceFacts } from './resources.ts';
import { found, missing, search, type Found } from './search.ts';
import { toCanonicalJson } from '../util/json.ts';

/** The behaviour capabilities probe detects. */
export const BEHAVIOURS = ['total', 'offset', 'sort', 'fields', 'distinct'] as const;

/** Columns the detection may use: found values of resources.courses. */
export interface BehaviourColumns {
  numericField: string | undefined;
  categoryField: string | undefined;
}

/** Asks for each behaviour in turn; a failed question leaves that one out with the reason. */
export async function probeBehaviours(target: ProbeTarget, courses: ResourceFacts, columns: BehaviourColumns): Promise<Record<string, Found<true>>> {
  const id = courses.id;
  return {
    total: await probeTotal(target, id),
    offset: await probeOffset(target, id),
    sort:
      columns.numericField === undefined ? missing('no numeric column to sort on (values.numericField)') : await probeSort(target, id, columns.numericField),
    fields: await probeFields(target, courses),
    distinct:
      columns.categoryField === undefined
        ? missing('no column with repeated values to ask for distinct ones (values.categoryField)')
        : await probeDistinct(target, courses, columns.categoryField),
  };
}

async function probeTotal(target: ProbeTarget, id: string): Promise<Found<true>> {
  const answer = await search(target, { resource_id: id, limit: 1 });
  if (typeof answer === 'string') return missing(answer);
  return answer.totalGiven ? found(true, `result.total answers ${answer.total}`) : missing('a search answers no result.total');
}

async function probeOffset(target: ProbeTarget, id: string): Promise<Found<true>> {
  const [first, second] = [await search(target, { resource_id: id, limit: 2 }), await search(target, { resource_id: id, limit: 1, offset: 1 })];
  if (typeof first === 'string' || typeof second === 'string') return missing(`offset 1: ${[first, second].find((a) => typeof a === 'string') ?? ''}`);
  const [a, b] = first.records.map(toCanonicalJson);
  if (a === undefined || b === undefined || a === b) return missing('resources.courses has fewer than 2 different records to page through');
  const got = second.records.map(toCanonicalJson)[0];
  if (got === b) return found(true, 'offset 1 starts at the second record of limit 2');
  return missing(`offset 1 answered ${got === a ? 'the first record again (offset ignored)' : 'another record than the second of limit 2'}`);
}

async function probeSort(target: ProbeTarget, id: string, field: string): Promise<Found<true>> {
  const ask = (direction: string) => search(target, { resource_id: id, sort: `${field} ${direction}`, limit: 50 });
  const [asc, desc] = [await ask('asc'), await ask('desc')];
  if (typeof asc === 'string' || typeof desc === 'string') return missing(`sort on ${field}: ${[asc, desc].find((a) => typeof a === 'string') ?? ''}`);
  const numbers = (records: readonly Record<string, unknown>[]) =>
    records.flatMap((r) => (r[field] == null ? [] : [Number(r[field])])).filter((n) => !Number.isNaN(n));
  const up = numbers(asc.records);
  const down = numbers(desc.records);
  const ordered = up.every((n, i) => i === 0 || (up[i - 1] ?? n) <= n) && down.every((n, i) => i === 0 || (down[i - 1] ?? n) >= n);
  if (!ordered || up.length < 2) return missing(`sort "${field} asc" and "${field} desc" did not answer ascending and descending values`);
  if (up[0] === down[0]) return missing(`sort "${field} asc" and "${field} desc" start at the same value ${String(up[0])}`);
  return found(true, `sort "${field} asc" starts at ${String(up[0])}, "${field} desc" at ${String(down[0])}`);
}

async function probeFields(target: ProbeTarget, courses: ResourceFacts): Promise<Found<true>> {
  const columns = courses.fields.map((f) => f.id).filter((f) => f !== '_id');
  const one = columns[0];
  if (one === undefined || columns.length < 2) return missing('resources.courses has fewer than 2 columns to choose from');
  const answer = await search(target, { resource_id: courses.id, fields: [one], limit: 3 });
  if (typeof answer === 'string') return missing(`fields [${one}]: ${answer}`);
  const projected = answer.records.length > 0 && answer.records.every((r) => Object.keys(r).every((k) => k === one));
  return projected ? found(true, `fields [${one}] answers records of that column alone`) : missing(`fields [${one}] answered other columns too`);
}

async function probeDistinct(target: ProbeTarget, courses: ResourceFacts, field: string): Promise<Found<true>> {
  const answer = await search(target, { resource_id: courses.id, fields: [field], distinct: true, limit: 1000 });
  if (typeof answer === 'string') return missing(`distinct on ${field}: ${answer}`);
  const values = answer.records.map(toCanonicalJson);
  if (new Set(values).size !== values.length) return missing(`distinct on ${field} answered a value twice`);
  if (values.length === 0 || values.length >= courses.total) return missing(`distinct on ${field} answered ${values.length} of ${courses.total} records`);
  return found(true, `distinct on ${field} answers ${values.length} values for ${courses.total} records`);
}
