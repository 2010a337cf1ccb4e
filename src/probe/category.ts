// categoryField with two of its values, and secondField with a value found among their records: chosen from the
// sample, counted by the target, and preferred when their answers fit one page of the relation cases (an answer
// that fills its page decides nothing, so a value in 1,812 records checks nothing with pages of 1,000).
import type { ProbeTarget } from './ask.ts';
import type { FoundValues } from './fields.ts';
import type { ResourceFacts } from './resources.ts';
import { countValues, found, isPlainName, isTextField, missing, plural, search, type Found } from './search.ts';

/** Columns tried (the fewest distinct values first), and values counted in each. */
const COLUMN_TRIES = 3;
const VALUE_TRIES = 6;

/** What the category search may use: the text column taken, pins given with --value, the relation page. */
export interface CategoryContext {
  textField: string | undefined;
  pinnedField?: string | undefined;
  pinnedValue?: string | undefined;
  /** Records a relation case's answer holds at most (its limit, or the site's rows max when lower). */
  page: number;
}

interface Counted {
  value: string;
  total: number;
}

/**
 * categoryField, categoryValue, otherCategoryValue and categoryValues: a text column with few values, each repeated,
 * and two values in 2+ and 1+ records that together fit a page; else the two most frequent, with a note saying the
 * relations over them decide nothing. The counts are the totals the target answers to a filter on each value.
 */
export async function findCategory(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  context: CategoryContext,
): Promise<FoundValues> {
  const candidates = courses.fields
    .filter((f) => (context.pinnedField === undefined ? isTextField(f) && isPlainName(f.id) && f.id !== context.textField : f.id === context.pinnedField))
    .map((f) => ({ id: f.id, counts: countValues(sample, f.id) }))
    .filter((c) => c.counts.length >= 2 && (c.counts[1]?.[1] ?? 0) >= 2)
    .sort((a, b) => a.counts.length - b.counts.length)
    .slice(0, COLUMN_TRIES);
  let reason = 'no text column with a plain name has two values repeated in the sample';
  let fallback: FoundValues | undefined;
  for (const candidate of candidates) {
    const values = candidate.counts.map(([value]) => value).filter((v) => v !== context.pinnedValue);
    const wanted = context.pinnedValue === undefined ? values.slice(0, VALUE_TRIES) : [context.pinnedValue, ...values.slice(0, VALUE_TRIES - 1)];
    const counted: Counted[] = [];
    for (const value of wanted) {
      const answer = await search(target, { resource_id: courses.id, filters: { [candidate.id]: value }, limit: 0 });
      if (typeof answer === 'string') {
        reason = `a filter on ${candidate.id}: ${answer}`;
        break;
      }
      counted.push({ value, total: answer.total });
      const pair = fittingPair(counted, context);
      if (pair !== undefined) return describeCategory(candidate, sample.length, pair, '');
    }
    const [first, second] = counted;
    if (first !== undefined && second !== undefined && first.total >= 2 && second.total >= 1) {
      const note = `; together more than the ${context.page} records a relation case pages, so those decide nothing`;
      fallback ??= describeCategory(candidate, sample.length, [first, second], note);
    } else if (first !== undefined && second !== undefined) reason = `a filter on ${candidate.id} answered ${first.total} and ${second.total} records`;
  }
  if (fallback !== undefined) return fallback;
  return { categoryField: missing(reason), categoryValue: missing(reason), otherCategoryValue: missing(reason), categoryValues: missing(reason) };
}

/** Two counted values (the pinned one first, if any) in 2+ and 1+ records, together on one page; the earliest such. */
function fittingPair(counted: readonly Counted[], context: CategoryContext): [Counted, Counted] | undefined {
  const newest = counted[counted.length - 1];
  if (newest === undefined) return undefined;
  const fits = (a: Counted, b: Counted): boolean => a !== b && a.total >= 2 && b.total >= 1 && a.total + b.total <= context.page;
  // a pinned value is categoryValue: only pairs with it count
  const anchors = context.pinnedValue === undefined ? counted.slice(0, -1) : counted.slice(0, 1);
  for (const earlier of anchors) {
    if (fits(earlier, newest)) return [earlier, newest];
    if (context.pinnedValue === undefined && fits(newest, earlier)) return [newest, earlier];
  }
  return undefined;
}

function describeCategory(column: { id: string; counts: unknown[] }, sampled: number, [first, second]: [Counted, Counted], note: string): FoundValues {
  return {
    categoryField: found(column.id, `text column, ${plural(column.counts.length, 'distinct value')} in the first ${plural(sampled, 'record')}`),
    categoryValue: found(first.value, `${plural(first.total, 'record')} (datastore_search filters)${note}`),
    otherCategoryValue: found(second.value, `${plural(second.total, 'record')} (datastore_search filters)`),
    categoryValues: found([first.value, second.value], `${first.total} and ${second.total} records`),
  };
}

/**
 * secondField and secondValue: another column and a value that co-occurs with categoryValue in some, but not all,
 * of its records (so a target ignoring the second filter answers records that show it), in no more records alone
 * than a page holds when such a value exists.
 */
export async function findSecond(
  target: ProbeTarget,
  courses: ResourceFacts,
  category: { field: string; value: string },
  context: Pick<CategoryContext, 'textField' | 'page'>,
): Promise<FoundValues> {
  const page = await search(target, { resource_id: courses.id, filters: { [category.field]: category.value }, limit: 100 });
  if (typeof page === 'string') return both(missing(`a filter on categoryValue: ${page}`));
  const candidates = courses.fields
    .filter((f) => isTextField(f) && isPlainName(f.id) && f.id !== category.field)
    .flatMap((f) => countValues(page.records, f.id).map(([value, n]) => ({ field: f.id, value, n })))
    .filter((c) => c.n < page.records.length)
    .sort((a, b) => b.n - a.n || Number(a.field === context.textField) - Number(b.field === context.textField))
    .slice(0, VALUE_TRIES / 2);
  let fallback: FoundValues | undefined;
  for (const candidate of candidates) {
    const filters = { [category.field]: category.value, [candidate.field]: candidate.value };
    const together = await search(target, { resource_id: courses.id, filters, limit: 0 });
    if (typeof together === 'string' || together.total < 1) continue;
    const alone = await search(target, { resource_id: courses.id, filters: { [candidate.field]: candidate.value }, limit: 0 });
    const aloneTotal = typeof alone === 'string' ? undefined : alone.total;
    const fits = aloneTotal !== undefined && aloneTotal <= context.page;
    const note = aloneTotal === undefined ? '' : `, ${aloneTotal} alone${fits ? '' : ` (more than the ${context.page} a relation case pages)`}`;
    const values: FoundValues = {
      secondField: found(
        candidate.field,
        `text column; ${plural(page.records.length - candidate.n, 'record')} of the first ${page.records.length} with categoryValue have another value`,
      ),
      secondValue: found(candidate.value, `${plural(together.total, 'record')} with categoryValue too (of ${page.total})${note}`),
    };
    if (fits) return values;
    fallback ??= values;
  }
  return (
    fallback ?? both(missing(`no other text column has a value shared by some (not all) of the ${plural(page.records.length, 'record')} with categoryValue`))
  );
}

function both(reason: Found<unknown>): FoundValues {
  return { secondField: reason, secondValue: reason };
}
