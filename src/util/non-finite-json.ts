// A body that would be JSON but for bare NaN / Infinity / -Infinity number tokens: what Python's json encoders
// write for non-finite floats when `allow_nan` is on (CKAN 2.9-2.11 in datastore_search_sql results). JSON has no
// such tokens, so strict clients reject the whole answer; the kit says so instead of a bare "not JSON", and
// compares such answers as JSON with each token marked.

const TOKEN = /-?Infinity|NaN/y;

/** What a bare token becomes in the parsed value: a string no JSON answer holds by chance. */
function markNonFinite(token: string): string {
  return `<bare ${token}>`;
}

/**
 * The value of `text` read as JSON with its bare NaN/Infinity tokens (outside strings) as marked strings, or
 * undefined when it has none or is not JSON even so.
 */
export function parseNonFiniteJson(text: string): { value: unknown } | undefined {
  let replaced = '';
  let found = false;
  let inString = false;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      continue;
    }
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(text);
    if (match === null) continue;
    replaced += `${text.slice(start, index)}${JSON.stringify(markNonFinite(match[0]))}`;
    index += match[0].length - 1;
    start = index + 1;
    found = true;
  }
  if (!found) return undefined;
  try {
    const value: unknown = JSON.parse(replaced + text.slice(start));
    return { value };
  } catch {
    return undefined;
  }
}

/** Whether `text` parses as JSON once its bare NaN/Infinity tokens (outside strings) are read as values. */
export function hasNonFiniteTokens(text: string): boolean {
  return parseNonFiniteJson(text) !== undefined;
}
