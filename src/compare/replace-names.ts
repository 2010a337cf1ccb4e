// Replaces a target's own names (resource ids) with the logical names the profile maps them from, so that a
// response from staging compares with one from production although their resource ids differ.
import { isPlainObject } from '../util/json.ts';

/** Ids shorter than this are replaced only where a whole string equals them (a short id could occur inside any text). */
const MIN_SUBSTRING_LENGTH = 8;

/** `value` with every string's occurrences of a key of `names` replaced by its value; the same object when none occurs. */
export function replaceNames(value: unknown, names: Readonly<Record<string, string>>): unknown {
  const entries = Object.entries(names).filter(([text]) => text !== '');
  if (entries.length === 0) return value;
  // longest first, so that an id containing another is replaced whole
  entries.sort(([a], [b]) => b.length - a.length);
  const replaceText = (text: string): string => {
    let out = text;
    for (const [from, to] of entries) {
      if (out === from) return to;
      if (from.length >= MIN_SUBSTRING_LENGTH && out.includes(from)) out = out.split(from).join(to);
    }
    return out;
  };
  return walk(value, replaceText);
}

function walk(value: unknown, replaceText: (text: string) => string): unknown {
  if (typeof value === 'string') return replaceText(value);
  if (Array.isArray(value)) {
    const next = value.map((item: unknown) => walk(item, replaceText));
    return next.some((item, index) => item !== value[index]) ? next : value;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const next = walk(item, replaceText);
    if (next !== item) changed = true;
    return [key, next] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}

/** A target's base URL (origin, and origin + path) -> `${target}`, credentials left out; none for an invalid URL. */
export function targetNames(targetUrl: string): Record<string, string> {
  if (!URL.canParse(targetUrl)) return {};
  const url = new URL(targetUrl);
  url.username = '';
  url.password = '';
  const base = url.href.replace(/\/+$/, '');
  return { [url.origin]: '${target}', [base]: '${target}' };
}

/** A profile's resource ids -> `${resources.NAME}`, so that answers naming them compare across targets. */
export function resourceNames(resources: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(resources ?? {}).map(([name, id]) => [id, `\${resources.${name}}`]));
}
