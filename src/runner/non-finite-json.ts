// A body that would be JSON but for bare NaN / Infinity / -Infinity number tokens: what Python's json encoders
// write for non-finite floats when `allow_nan` is on (CKAN 2.9-2.11 in datastore_search_sql results). JSON has no
// such tokens, so strict clients reject the whole answer; the kit says so instead of a bare "not JSON".

const TOKEN = /-?Infinity|NaN/y;

/** Whether `text` parses as JSON once its bare NaN/Infinity tokens (outside strings) are read as null. */
export function hasNonFiniteTokens(text: string): boolean {
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
    replaced += `${text.slice(start, index)}null`;
    index += match[0].length - 1;
    start = index + 1;
    found = true;
  }
  if (!found) return false;
  try {
    JSON.parse(replaced + text.slice(start));
    return true;
  } catch {
    return false;
  }
}
