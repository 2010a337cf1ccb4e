// The values of resources.courses probe looks for, from one sample of its records, each counted by the target; a
// value pinned with --value is kept, and the values that depend on it are looked for with it.
import { guard, type ProbeTarget } from './ask.ts';
import { findCategory, findSecond } from './category.ts';
import { findArray, findNumeric, findNumericValue, findRowCount, findTextField, type FoundValues } from './fields.ts';
import { findInfix, findLikePatterns } from './patterns.ts';
import type { ResourceFacts } from './resources.ts';
import { findAbsentWord, findSearchWords } from './search-words.ts';
import { missing, search, type Found } from './search.ts';
import { findPrefix, findStem } from './stems.ts';

/**
 * A value store that keeps the pinned values: what probe finds for a pinned name is dropped, so the values that
 * depend on it (read back with textOf) are looked for with the pinned one.
 */
export function pinnedStore(pins: FoundValues): { values: FoundValues; put: (found: FoundValues) => void } {
  const values: FoundValues = { ...pins };
  const put = (more: FoundValues): void => {
    for (const [name, value] of Object.entries(more)) if (!Object.hasOwn(pins, name)) values[name] = value;
  };
  return { values, put };
}

export async function guardFound<T>(find: () => Promise<Found<T>>): Promise<Found<T>> {
  const result = await guard(find);
  return typeof result === 'string' ? missing(result) : result;
}

async function guardValues(names: readonly string[], find: () => Promise<FoundValues>): Promise<FoundValues> {
  const result = await guard(find);
  return typeof result === 'string' ? Object.fromEntries(names.map((n) => [n, missing(result)])) : result;
}

export function textOf(values: FoundValues, name: string): string | undefined {
  const value = values[name];
  return value?.ok === true ? String(value.value) : undefined;
}

export async function findCoursesValues(
  target: ProbeTarget,
  courses: ResourceFacts,
  { sampleSize, sql, page }: { sampleSize: number; sql: boolean; page: number },
  { values, put }: ReturnType<typeof pinnedStore>,
): Promise<void> {
  const sample = await guard(() => search(target, { resource_id: courses.id, limit: sampleSize }));
  if (typeof sample === 'string') return put({ textField: missing(`reading a sample of resources.courses: ${sample}`) });
  const records = sample.records;
  put({ textField: findTextField(courses, records), rowCount: findRowCount(courses) });
  const textField = textOf(values, 'textField');
  const pins = { pinnedField: textOf(values, 'categoryField'), pinnedValue: textOf(values, 'categoryValue') };
  put(await guardValues(CATEGORY_NAMES, () => findCategory(target, courses, records, { textField, ...pins, page })));
  const [field, value, other] = [textOf(values, 'categoryField'), textOf(values, 'categoryValue'), textOf(values, 'otherCategoryValue')];
  if (field !== undefined && value !== undefined) {
    put(await guardValues(['secondField', 'secondValue'], () => findSecond(target, courses, { field, value }, { textField, page })));
  }
  put({ numericField: await guardFound(() => findNumeric(target, courses, records)) });
  const numericField = textOf(values, 'numericField');
  if (numericField !== undefined) put(await guardValues(NUMERIC_NAMES, () => findNumericValue(target, courses, records, { field: numericField, page })));
  put({ absentWord: await guardFound(() => findAbsentWord(target, courses)) });
  put(await guardValues(['arrayField', 'arrayValue'], () => findArray(target, courses, records)));
  if (textField === undefined) return;
  const categories = field !== undefined && value !== undefined && other !== undefined ? { field, values: [value, other] } : undefined;
  put(await guardValues(SEARCH_NAMES, () => findSearchWords(target, courses, records, { textField, categories, page })));
  put(await guardValues(['stemWord', 'stemText'], () => findStem(target, courses, records, textField)));
  put({ searchPrefix: await guardFound(() => findPrefix(target, courses, records, textField, textOf(values, 'searchWord'))) });
  const noSql = missing<string>('datastore_search_sql is not enabled (no sql capability)');
  put(sql ? await guardValues(LIKE_NAMES, () => findLikePatterns(target, courses, records, textField)) : { likePattern: noSql, likeOtherCase: noSql });
  put({ infixText: sql ? await guardFound(() => findInfix(target, courses, records, textField)) : noSql });
}

const CATEGORY_NAMES = ['categoryField', 'categoryValue', 'otherCategoryValue', 'categoryValues'] as const;
const SEARCH_NAMES = ['searchWord', 'searchWordUpper', 'secondSearchWord'] as const;
const NUMERIC_NAMES = ['numericValue', 'numericText'] as const;
const LIKE_NAMES = ['likePattern', 'likeOtherCase'] as const;
