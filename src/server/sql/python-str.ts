// Python's str() of a decoded JSON value: what CKAN's unicode_safe validator makes of a non-string `sql`.

/** str(value) as Python prints the JSON-decoded value (True, None, [1, 'a'], {'k': 2}). */
export function toPythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  return toPythonRepr(value);
}

function toPythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return reprString(value);
  if (Array.isArray(value)) return `[${value.map(toPythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const items = Object.entries(value).map(([k, v]) => `${reprString(k)}: ${toPythonRepr(v)}`);
    return `{${items.join(', ')}}`;
  }
  return String(value);
}

/** Python's repr of a str: single quotes unless the text has a single quote and no double quote. */
function reprString(text: string): string {
  const useDouble = text.includes("'") && !text.includes('"');
  const quote = useDouble ? '"' : "'";
  const body = text.replace(/\\/g, '\\\\').replace(useDouble ? /"/g : /'/g, `\\${quote}`).replace(/\n/g, '\\n');
  return `${quote}${body}${quote}`;
}
