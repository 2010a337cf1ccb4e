// SQL LIKE patterns on textField, counted by datastore_search_sql: one that LIKE matches in fewer records than
// ILIKE (likePattern), and text found inside values but at the start of none (infixText).
import type { ProbeTarget } from './ask.ts';
import type { ResourceFacts } from './resources.ts';
import { found, missing, plural, readCount, searchSql, type Found } from './search.ts';
import { textsOf } from './text.ts';

const TRIES = 6;

/** Records of courses whose textField is LIKE `pattern` (operator LIKE or ILIKE), or why it could not be counted. */
async function countLike(target: ProbeTarget, courses: ResourceFacts, textField: string, op: 'LIKE' | 'ILIKE', pattern: string): Promise<number | string> {
  const answer = await searchSql(target, `SELECT count(*) AS n FROM "${courses.id}" WHERE "${textField}" ${op} '${pattern}'`);
  if (typeof answer === 'string') return answer;
  return readCount(answer) ?? 'datastore_search_sql answered no count';
}

/** Lower-case words of textField that also occur with other letter case in the sample (LIKE differs from ILIKE). */
function likeCandidates(values: readonly string[]): string[] {
  const words = new Set(values.flatMap((v) => v.match(/\p{Ll}{3,}/gu) ?? []));
  return [...words]
    .map((w) => ({ w, exact: values.filter((v) => v.includes(w)).length, other: values.filter((v) => !v.includes(w) && v.toLowerCase().includes(w)).length }))
    .filter((c) => c.exact > 0 && c.other > 0)
    .sort((a, b) => b.other - a.other || a.exact - b.exact)
    .map((c) => c.w);
}

/** likePattern: `%word%` that LIKE matches in some records of textField, and ILIKE in more. */
export async function findLikePattern(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  textField: string,
): Promise<Found<string>> {
  for (const word of likeCandidates(textsOf(sample, textField)).slice(0, TRIES)) {
    const n = await countLike(target, courses, textField, 'LIKE', `%${word}%`);
    if (typeof n === 'string') return missing(n);
    const ni = await countLike(target, courses, textField, 'ILIKE', `%${word}%`);
    if (typeof ni === 'string') return missing(ni);
    if (n > 0 && ni > n) return found(`%${word}%`, `${plural(n, 'record')} (SQL LIKE), ${ni} with ILIKE`);
  }
  return missing('no lower-case word of textField in the sample matches more records case-insensitively than case-sensitively');
}

/** Starts (4 letters) of capitalised words inside textField values that start no value of the sample. */
function infixCandidates(values: readonly string[]): string[] {
  const inside = values.flatMap((v) => [...v.matchAll(/(?<=\s)\p{Lu}\p{Ll}{3,}/gu)].map((m) => m[0].slice(0, 4)));
  return [...new Set(inside)].filter((x) => !values.some((v) => v.startsWith(x)));
}

/** infixText: text LIKE finds inside some textField values (`%x%`) and at the start of none (`x%`). */
export async function findInfix(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  textField: string,
): Promise<Found<string>> {
  for (const text of infixCandidates(textsOf(sample, textField)).slice(0, TRIES)) {
    const inside = await countLike(target, courses, textField, 'LIKE', `%${text}%`);
    if (typeof inside === 'string') return missing(inside);
    const start = await countLike(target, courses, textField, 'LIKE', `${text}%`);
    if (typeof start === 'string') return missing(start);
    if (inside > 0 && start === 0) return found(text, `${plural(inside, 'record')} (LIKE '%${text}%'), 0 starting with it`);
  }
  return missing('no capitalised word inside textField values of the sample is at the start of none');
}
