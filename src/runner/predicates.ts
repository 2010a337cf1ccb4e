// Per-record predicates (`records.every`): equals / in / contains / like / matches / notNull on one field or any field.
import type { Predicate } from '../model/index.ts';
import { isDeepEqual, isPlainObject } from '../util/json.ts';

/** A value as text for contains/like/matches: strings as-is, other JSON as JSON text; null/undefined have none. */
function toText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Scalars match by value or by text (`3` equals `"3"`), because a conformant target may type a column as text or
 * number; other JSON values must be deeply equal.
 */
function isLooselyEqual(actual: unknown, expected: unknown): boolean {
  if (isDeepEqual(actual, expected)) return true;
  const scalar = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return scalar(actual) && scalar(expected) && String(actual) === String(expected);
}

/** SQL LIKE pattern to an anchored RegExp: `%` any run, `_` one character, `\` escapes (PostgreSQL's default). */
export function likeToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\' && i + 1 < pattern.length) {
      source += escapeRegExp(pattern[++i] ?? '');
    } else if (ch === '%') source += '.*';
    else if (ch === '_') source += '.';
    else source += escapeRegExp(ch);
  }
  return new RegExp(`^${source}$`, 'su');
}

function escapeRegExp(text: string): string {
  // why: in unicode mode only syntax characters may be escaped ("\-" is an error), so "-" and "/" are left alone
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A compiled predicate: tests one value. Throws on an invalid `matches` pattern. */
export function compileValueTest(predicate: Predicate): (value: unknown) => boolean {
  const tests: ((value: unknown) => boolean)[] = [];
  if ('equals' in predicate) tests.push((v) => isLooselyEqual(v, predicate.equals));
  if (predicate.in !== undefined) {
    const options = predicate.in;
    tests.push((v) => options.some((o) => isLooselyEqual(v, o)));
  }
  if (predicate.contains !== undefined) {
    const needle = predicate.contains.toLowerCase();
    tests.push((v) => toText(v)?.toLowerCase().includes(needle) ?? false);
  }
  if (predicate.like !== undefined) {
    const re = likeToRegExp(predicate.like);
    tests.push((v) => {
      const text = toText(v);
      return text !== undefined && re.test(text);
    });
  }
  if (predicate.matches !== undefined) {
    const re = new RegExp(predicate.matches, 'u');
    tests.push((v) => {
      const text = toText(v);
      return text !== undefined && re.test(text);
    });
  }
  if (predicate.notNull !== undefined) {
    const wanted = predicate.notNull;
    tests.push((v) => (v !== null && v !== undefined) === wanted);
  }
  return (value) => tests.every((test) => test(value));
}

/** Whether a record satisfies the predicate: on its field, or (no field) on at least one of its fields. */
export function compilePredicate(predicate: Predicate): (record: unknown) => boolean {
  const test = compileValueTest(predicate);
  const field = predicate.field;
  return (record) => {
    if (!isPlainObject(record)) return false;
    if (field !== undefined) return test(record[field]);
    return Object.values(record).some(test);
  };
}

/** The predicate as short text for messages, e.g. `subject like "Sci%"`. */
export function describePredicate(predicate: Predicate): string {
  const subject = predicate.field ?? 'any field';
  const parts = Object.entries(predicate)
    .filter(([k]) => k !== 'field')
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return `${subject} ${parts.join(' and ')}`;
}
