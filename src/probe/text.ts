// Text helpers shared by the word and pattern finders: the words of a value, and the "contains" test the cases'
// `records.every: [{contains}]` applies (case-insensitive, on any field or one field).

const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'about above after again against because been before being below between both does doing down during each from further ' +
    'have having here hers herself himself into itself just more most myself once only other ours ourselves over same should some ' +
    'such than that their theirs them themselves then there these they this those through under until very were what when where ' +
    'which while whom will with would your yours yourself yourselves'
  ).split(' '),
);

/** Words of a text (letters only), lower-cased. */
export function wordsOf(text: unknown): string[] {
  return typeof text === 'string' ? (text.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()) : [];
}

/**
 * A word worth searching for: 5 letters or more and not an English stop word (PostgreSQL's english
 * configuration drops those, so q with one matches nothing).
 */
export function isSearchableWord(word: string): boolean {
  return word.length >= 5 && !STOP_WORDS.has(word);
}

/** Whether a record holds `text` (case-insensitive) in one of its values, or in `field`. */
export function containsText(record: Record<string, unknown>, text: string, field?: string): boolean {
  const needle = text.toLowerCase();
  const values = field === undefined ? Object.values(record) : [record[field]];
  return values.some((v) => v != null && (typeof v === 'string' ? v : JSON.stringify(v)).toLowerCase().includes(needle));
}

/** The string values of `field` in the records. */
export function textsOf(records: readonly Record<string, unknown>[], field: string): string[] {
  return records.map((r) => r[field]).filter((v): v is string => typeof v === 'string');
}
