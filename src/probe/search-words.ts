// Words for full-text search (searchWord, its upper case, a second word found with it, a word in no record),
// taken from the sample and kept only when the target's answers fit the cases that use them.
import type { ProbeTarget } from './ask.ts';
import type { FoundValues } from './fields.ts';
import type { ResourceFacts } from './resources.ts';
import { found, missing, plural, search, type Found, type SearchAnswer } from './search.ts';
import { containsText, isSearchableWord, wordsOf } from './text.ts';

const TRIES = 6;

/** Words of textField in 1 to 3 sample records, those in records with a category value first. */
function wordCandidates(sample: readonly Record<string, unknown>[], textField: string, categories: { field: string; values: string[] } | undefined): string[] {
  const seen = new Map<string, { n: number; inCategory: boolean }>();
  for (const record of sample) {
    const inCategory = categories?.values.includes(String(record[categories.field])) ?? false;
    for (const word of new Set(wordsOf(record[textField]))) {
      if (!isSearchableWord(word)) continue;
      const entry = seen.get(word) ?? { n: 0, inCategory: false };
      seen.set(word, { n: entry.n + 1, inCategory: entry.inCategory || inCategory });
    }
  }
  return [...seen]
    .filter(([, e]) => e.n <= 3)
    .sort((a, b) => Number(b[1].inCategory) - Number(a[1].inCategory) || b[1].n - a[1].n)
    .map(([word]) => word);
}

interface SearchWordContext {
  textField: string;
  categories?: { field: string; values: string[] } | undefined;
  /** Records a relation case's answer holds at most: a word's answer should fit it. */
  page: number;
}

/**
 * searchWord, searchWordUpper and secondSearchWord. searchWord is in a few records, every record q answers contains
 * it literally (stemming may match other forms, which "contains" would reject), and q on textField finds it too;
 * one in 2 records or more is preferred, so a second word can split them.
 */
export async function findSearchWords(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  context: SearchWordContext,
): Promise<FoundValues> {
  const few = Math.min(Math.max(10, Math.floor(courses.total / 5)), context.page);
  let chosen: { word: string; answer: SearchAnswer; inText: number | undefined } | undefined;
  for (const word of wordCandidates(sample, context.textField, context.categories).slice(0, TRIES)) {
    const answer = await search(target, { resource_id: courses.id, q: word, limit: 50 });
    if (typeof answer === 'string') return failAll(`q: ${answer}`);
    if (answer.total < 1 || answer.total > few || !answer.records.every((r) => containsText(r, word))) continue;
    const inText = await search(target, { resource_id: courses.id, q: { [context.textField]: word }, limit: 50 });
    // why: q as an object (one column) is CKAN's; a target without it still has the word, found by a plain q
    const fieldQ = typeof inText === 'string' || !inText.records.every((r) => containsText(r, word, context.textField)) ? undefined : inText.total;
    if (fieldQ === 0) continue;
    if (chosen === undefined || chosen.answer.total < 2) chosen = { word, answer, inText: fieldQ };
    if (chosen.answer.total >= 2) break;
  }
  if (chosen === undefined) return failAll(`no word of textField in 1 to 3 sample records is matched by q in 1 to ${few} records that all contain it`);
  return {
    searchWord: found(
      chosen.word,
      `${plural(chosen.answer.total, 'record')} (q), ${chosen.inText === undefined ? 'q on textField alone not answered' : `${chosen.inText} with q on textField`}`,
    ),
    searchWordUpper: await findUpper(target, courses, chosen.word, chosen.answer.total),
    secondSearchWord: await findSecondWord(target, courses, { word: chosen.word, matches: chosen.answer, page: context.page }),
  };
}

function failAll(reason: string): FoundValues {
  return { searchWord: missing(reason), searchWordUpper: missing(reason), secondSearchWord: missing(reason) };
}

async function findUpper(target: ProbeTarget, courses: ResourceFacts, word: string, total: number): Promise<Found<string>> {
  const upper = word.toUpperCase();
  const answer = await search(target, { resource_id: courses.id, q: upper, limit: 0 });
  if (typeof answer === 'string') return missing(`q: ${answer}`);
  if (answer.total !== total) return missing(`q ${upper} answered ${plural(answer.total, 'record')}, searchWord ${total}`);
  return found(upper, `${plural(total, 'record')} (q), as for searchWord`);
}

/**
 * A word in some, not all, of searchWord's records; q with both answers only records holding both. One whose own
 * answer fits a page is preferred (q with it alone is a related request of the relation cases).
 */
async function findSecondWord(
  target: ProbeTarget,
  courses: ResourceFacts,
  { word, matches, page }: { word: string; matches: SearchAnswer; page: number },
): Promise<Found<string>> {
  if (matches.total < 2) return missing(`searchWord is in ${plural(matches.total, 'record')}; a second word needs 2 or more to split`);
  const records = matches.records;
  const counts = new Map<string, number>();
  for (const record of records)
    for (const w of new Set(Object.values(record).flatMap(wordsOf)))
      if (isSearchableWord(w) && !w.includes(word) && !word.includes(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const candidates = [...counts]
    .filter(([, n]) => n < records.length)
    .sort((a, b) => b[1] - a[1])
    .map(([w]) => w);
  let fallback: Found<string> | undefined;
  for (const second of candidates.slice(0, TRIES)) {
    if (records.every((r) => containsText(r, second))) continue;
    const answer = await search(target, { resource_id: courses.id, q: `${word} ${second}`, limit: 50 });
    if (typeof answer === 'string') return missing(`q: ${answer}`);
    if (answer.total >= 1 && answer.total < matches.total && answer.records.every((r) => containsText(r, word) && containsText(r, second))) {
      const alone = await search(target, { resource_id: courses.id, q: second, limit: 0 });
      const fits = typeof alone !== 'string' && alone.total <= page;
      const own = typeof alone === 'string' ? '' : `, ${alone.total} alone${fits ? '' : ` (more than the ${page} a relation case pages)`}`;
      const chosen = found(second, `${plural(answer.total, 'record')} with searchWord too (q "${word} ${second}"), of ${matches.total}${own}`);
      if (fits) return chosen;
      fallback ??= chosen;
    }
  }
  return fallback ?? missing(`no word in some (not all) of the ${plural(records.length, 'record')} q ${word} answers is matched with it literally`);
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
