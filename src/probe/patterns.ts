// SQL LIKE patterns on textField, counted by datastore_search_sql: one whose word the data writes in two letter
// cases (likePattern, likeOtherCase), and text found inside values but at the start of none (infixText).
import type { ProbeTarget } from './ask.ts';
import type { ResourceFacts } from './resources.ts';
import type { FoundValues } from './fields.ts';
import { found, missing, plural, readCount, searchSql, type Found } from './search.ts';
import { textsOf } from './text.ts';

const TRIES = 6;

/** Records of courses whose textField is LIKE `pattern` (operator LIKE or ILIKE), or why it could not be counted. */
async function countLike(target: ProbeTarget, courses: ResourceFacts, textField: string, op: 'LIKE' | 'ILIKE', pattern: string): Promise<number | string> {
  const answer = await searchSql(target, `SELECT count(*) AS n FROM "${courses.id}" WHERE "${textField}" ${op} '${pattern}'`);
  if (typeof answer === 'string') return answer;
  return readCount(answer) ?? 'datastore_search_sql answered no count';
}

/** Lower-case words of textField that the sample also writes in other letter case (fog and Fog), with that form. */
function likeCandidates(values: readonly string[]): { word: string; other: string }[] {
  const words = new Set(values.flatMap((v) => v.match(/\p{Ll}{3,}/gu) ?? []));
  return [...words]
    .map((word) => {
      const forms = new Map<string, number>();
      for (const value of values)
        for (const [form] of value.matchAll(new RegExp(escapeRegExp(word), 'giu'))) if (form !== word) forms.set(form, (forms.get(form) ?? 0) + 1);
      const [other, n] = [...forms].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      return { word, other, n, exact: values.filter((v) => v.includes(word)).length };
    })
    .filter((c) => c.exact > 0 && c.n > 0)
    .sort((a, b) => b.n - a.n || a.exact - b.exact)
    .map(({ word, other }) => ({ word, other }));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * likePattern: `%word%` that LIKE matches in some records of textField, for a word the sample also writes in other
 * letter case; likeOtherCase: `%Word%`, that other form. Chosen from the sample, not from the target's ILIKE, so a
 * target whose LIKE ignores case (or that has no ILIKE) still gets the patterns that show it.
 */
export async function findLikePatterns(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  textField: string,
): Promise<FoundValues> {
  for (const { word, other } of likeCandidates(textsOf(sample, textField)).slice(0, TRIES)) {
    const n = await countLike(target, courses, textField, 'LIKE', `%${word}%`);
    if (typeof n === 'string') return { likePattern: missing(n), likeOtherCase: missing(n) };
    if (n === 0) continue;
    const ni = await countLike(target, courses, textField, 'ILIKE', `%${word}%`);
    const insensitive =
      typeof ni === 'string' ? `ILIKE not answered (${ni})` : ni > n ? `${ni} with ILIKE` : `ILIKE ${ni} too, though the sample also writes ${other}`;
    const no = await countLike(target, courses, textField, 'LIKE', `%${other}%`);
    return {
      likePattern: found(`%${word}%`, `${plural(n, 'record')} (SQL LIKE), ${insensitive}`),
      likeOtherCase: found(`%${other}%`, typeof no === 'string' ? `LIKE '%${other}%': ${no}` : `${plural(no, 'record')} (SQL LIKE)`),
    };
  }
  const reason = 'no lower-case word of textField in the sample is written in other letter case too and matched by LIKE';
  return { likePattern: missing(reason), likeOtherCase: missing(reason) };
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
