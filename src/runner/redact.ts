// Keeps the token out of every output: replaces it in all strings of a value (results, messages, echoed bodies).

/** What the token is replaced with (the same mask the HTTP module uses for secret headers). */
export const REDACTED = '***';

/** Returns a function that replaces every occurrence of the secrets in any string inside a JSON-like value. */
export function createRedactor(secrets: readonly (string | undefined)[]): <T>(value: T) => T {
  const list = secrets.filter((s): s is string => s !== undefined && s.length > 0);
  // JSON-escaped forms too, in case a response body echoes the token inside a JSON string
  const needles = [...new Set(list.flatMap((s) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s)]))];
  const redactText = (text: string): string => needles.reduce((t, n) => t.split(n).join(REDACTED), text);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return redactText(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactText(k), walk(v)]));
    }
    return value;
  };
  // why: walk() rebuilds the same JSON shape with strings replaced, so the input type still holds
  return <T>(value: T): T => (needles.length === 0 ? value : (walk(value) as T));
}
