// Words and patterns for full-text search and SQL LIKE, taken from textField's values in the sample and kept
// only when the target's own answer fits the case that uses them (every match contains the word, ...).
import type { ProbeTarget } from './ask.ts';
import type { ResourceFacts } from './resources.ts';
import { found, missing, plural, readCount, search, searchSql, type Found } from './search.ts';

const TRIES = 6;

// why: PostgreSQL's english configuration drops these, so q with one of them matches nothing
const STOP_WORDS: ReadonlySet<string> = new Set(
  ('about above after again against because been before being below between both does doing down during each from further ' +
    'have having here hers herself himself into itself just more most myself once only other ours ourselves over same should some ' +
    'such than that their theirs them themselves then there these they this those through under until very were what when where ' +
    'which while whom will with would your yours yourself yourselves').split(' '),
);

/** Words of a text (letters only), lower-cased. */
function wordsOf(text: unknown): string[] {
  return typeof text === 'string' ? (text.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()) : [];
}

function containsWord(record: Record<string, unknown>, word: string, field?: string): boolean {
  const values = field === undefined ? Object.values(record) : [record[field]];
  return values.some((v) => v != null && (typeof v === 'string' ? v : JSON.stringify(v)).toLowerCase().includes(word));
}

/** Words of textField in 1 to 3 sample records, those in records with a category value first. */
function wordCandidates(sample: readonly Record<string, unknown>[], textField: string, categories: { field: string; values: string[] } | undefined): string[] {
  const seen = new Map<string, { n: number; inCategory: boolean }>();
  for (const record of sample) {
    const inCategory = categories !== undefined && categories.values.includes(String(record[categories.field]));
    for (const word of new Set(wordsOf(record[textField]))) {
      if (word.length < 5 || STOP_WORDS.has(word)) continue;
      const entry = seen.get(word) ?? { n: 0, inCategory: false };
      seen.set(word, { n: entry.n + 1, inCategory: entry.inCategory || inCategory });
    }
  }
  return [...seen]
    .filter(([, e]) => e.n >= 1 && e.n <= 3)
    .sort((a, b) => Number(b[1].inCategory) - Number(a[1].inCategory) || b[1].n - a[1].n)
    .map(([word]) => word);
}

/**
 * searchWord: a word in a few records, where every record q answers contains it literally (stemming may match
 * other forms, which the cases' "contains" checks would reject), and q on textField alone finds it too.
 */
export async function findSearchWord(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  context: { textField: string; categories?: { field: string; values: string[] } | undefined },
): Promise<Found<string>> {
  const few = Math.max(10, Math.floor(courses.total / 5));
  for (const word of wordCandidates(sample, context.textField, context.categories).slice(0, TRIES)) {
    const answer = await search(target, { resource_id: courses.id, q: word, limit: 50 });
    if (typeof answer === 'string') return missing(`q: ${answer}`);
    if (answer.total < 1 || answer.total > few || !answer.records.every((r) => containsWord(r, word))) continue;
    const inText = await search(target, { resource_id: courses.id, q: { [context.textField]: word }, limit: 50 });
    if (typeof inText === 'string' || inText.total < 1 || !inText.records.every((r) => containsWord(r, word, context.textField))) continue;
    return found(word, `${plural(answer.total, 'record')} (q), ${inText.total} with q on textField`);
  }
  return missing(`no word of textField in 1 to 3 sample records is matched by q in 1 to ${few} records that all contain it`);
}

/** absentWord: a made-up word q matches in no record. */
export async function findAbsentWord(target: ProbeTarget, courses: ResourceFacts): Promise<Found<string>> {
  for (const word of ['zzyzxqwv', 'qxvjzkwp', 'jxqzvwyk']) {
    const answer = await search(target, { resource_id: courses.id, q: word, limit: 1 });
    if (typeof answer === 'string') return missing(`q: ${answer}`);
    if (answer.total === 0) return found(word, '0 records (q)');
  }
  return missing('every made-up word tried matched records');
}

/** Lower-case words of textField that also occur with other letter case in the sample (LIKE differs from ILIKE). */
function likeCandidates(sample: readonly Record<string, unknown>[], textField: string): string[] {
  const values = sample.map((r) => r[textField]).filter((v): v is string => typeof v === 'string');
  const words = new Set(values.flatMap((v) => v.match(/\p{Ll}{3,}/gu) ?? []));
  return [...words]
    .map((w) => ({ w, exact: values.filter((v) => v.includes(w)).length, other: values.filter((v) => !v.includes(w) && v.toLowerCase().includes(w)).length }))
    .filter((c) => c.exact > 0 && c.other > 0)
    .sort((a, b) => b.other - a.other || a.exact - b.exact)
    .map((c) => c.w);
}

/** likePattern: `%word%` that LIKE matches in some records of textField, and ILIKE in more (counted by SQL). */
export async function findLikePattern(target: ProbeTarget, courses: ResourceFacts, sample: readonly Record<string, unknown>[], textField: string): Promise<Found<string>> {
  for (const word of likeCandidates(sample, textField).slice(0, TRIES)) {
    const where = (op: string): string => `SELECT count(*) AS n FROM "${courses.id}" WHERE "${textField}" ${op} '%${word}%'`;
    const like = await searchSql(target, where('LIKE'));
    if (typeof like === 'string') return missing(like);
    const ilike = await searchSql(target, where('ILIKE'));
    if (typeof ilike === 'string') return missing(ilike);
    const [n, ni] = [readCount(like), readCount(ilike)];
    if (n !== undefined && ni !== undefined && n > 0 && ni > n) return found(`%${word}%`, `${plural(n, 'record')} (SQL LIKE), ${ni} with ILIKE`);
  }
  return missing('no lower-case word of textField in the sample matches more records case-insensitively than case-sensitively');
}
