// Words that exercise full-text search's language rules: an inflected form that stemming matches with its other
// forms (stemWord, stemText), and a word prefix that only a tsquery `prefix:*` matches (searchPrefix).
import type { ProbeTarget } from './ask.ts';
import type { FoundValues } from './fields.ts';
import type { ResourceFacts } from './resources.ts';
import { found, missing, plural, search, type Found } from './search.ts';
import { containsText, textsOf, wordsOf } from './text.ts';

const TRIES = 6;
const SUFFIXES = ['s', 'es', 'ed', 'ing', 'er'] as const;

/** Pairs (base, inflected) of sample words where the inflected one is the base plus an English suffix. */
function stemPairs(words: ReadonlySet<string>): { base: string; inflected: string }[] {
  const pairs: { base: string; inflected: string }[] = [];
  for (const base of words) {
    if (base.length < 3) continue;
    for (const suffix of SUFFIXES) {
      // why: "run" -> "running" doubles the last consonant before -ing/-ed/-er
      const forms = suffix.length > 2 || suffix === 'ed' || suffix === 'er' ? [base + suffix, base + base.slice(-1) + suffix] : [base + suffix];
      for (const inflected of forms) if (words.has(inflected)) pairs.push({ base, inflected });
    }
  }
  // why: a table may hold only inflected forms ("walks", "walking") and never the base ("walk")
  for (const [stem, forms] of groupByStem(words)) {
    if (words.has(stem) || forms.length < 2) continue;
    for (const inflected of forms) pairs.push({ base: stem, inflected });
  }
  return pairs.sort((a, b) => b.inflected.length - a.inflected.length);
}

/** Inflected sample words by the stem they share once an English suffix is cut (walks, walking -> walk). */
function groupByStem(words: ReadonlySet<string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const word of words) {
    for (const suffix of SUFFIXES) {
      if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
      const stem = word.slice(0, -suffix.length);
      groups.set(stem, [...new Set([...(groups.get(stem) ?? []), word])]);
    }
  }
  return groups;
}

/**
 * stemWord and stemText: q with the inflected form answers records that all contain the base text, some of them
 * without the inflected form itself (so stemming, not substring search, found them).
 */
export async function findStem(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  textField: string,
): Promise<FoundValues> {
  const words = new Set(textsOf(sample, textField).flatMap(wordsOf));
  for (const { base, inflected } of stemPairs(words).slice(0, TRIES)) {
    const answer = await search(target, { resource_id: courses.id, q: inflected, limit: 50 });
    if (typeof answer === 'string') return both(`q: ${answer}`);
    const otherForms = answer.records.filter((r) => !containsText(r, inflected)).length;
    if (answer.total < 1 || otherForms === 0 || !answer.records.every((r) => containsText(r, base))) continue;
    return {
      stemWord: found(inflected, `${plural(answer.total, 'record')} (q), ${otherForms} of them without "${inflected}" itself`),
      stemText: found(base, `in every record q ${inflected} answers`),
    };
  }
  return both('no word of textField in the sample has an inflected form (+s, +es, +ed, +ing, +er) that q matches with its other forms');
}

function both(reason: string): FoundValues {
  return { stemWord: missing(reason), stemText: missing(reason) };
}

/**
 * searchPrefix: the first letters of a sample word, not a word of any record: q `prefix:*` with plain=false
 * matches records that all contain it, plain q matches none.
 */
export async function findPrefix(
  target: ProbeTarget,
  courses: ResourceFacts,
  sample: readonly Record<string, unknown>[],
  textField: string,
  first: string | undefined,
): Promise<Found<string>> {
  const words = new Set(sample.flatMap((r) => Object.values(r).flatMap(wordsOf)));
  const sources = [...(first === undefined ? [] : [first]), ...[...new Set(textsOf(sample, textField).flatMap(wordsOf))].filter((w) => w.length >= 7)];
  const prefixes = [...new Set(sources.flatMap((w) => [w.slice(0, 4), w.slice(0, 5)]))].filter((p) => !words.has(p));
  for (const prefix of prefixes.slice(0, TRIES)) {
    const tsquery = await search(target, { resource_id: courses.id, q: `${prefix}:*`, plain: false, limit: 50 });
    if (typeof tsquery === 'string') return missing(`q with plain=false: ${tsquery}`);
    if (tsquery.total < 1 || !tsquery.records.every((r) => containsText(r, prefix))) continue;
    const plain = await search(target, { resource_id: courses.id, q: `${prefix}:*`, limit: 0 });
    if (typeof plain === 'string' || plain.total !== 0) continue;
    return found(prefix, `${plural(tsquery.total, 'record')} (q "${prefix}:*", plain=false), 0 in plain mode`);
  }
  return missing('no word prefix matched records with plain=false and none in plain mode');
}
