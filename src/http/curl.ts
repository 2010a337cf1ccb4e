// Renders requests for people: headers with secrets masked, and a copy-pasteable curl command.
import type { HttpRequest } from './types.ts';

/** Header names whose values are always masked, compared case-insensitively. */
export const SECRET_HEADER_NAMES: readonly string[] = Object.freeze([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-ckan-api-key',
]);

const MASK = '***';

/** A copy of `headers` with the value of every header named in `secretNames` (any case) replaced by `***`. */
export function redactHeaders(
  headers: Readonly<Record<string, string>>,
  secretNames: readonly string[] = SECRET_HEADER_NAMES,
): Record<string, string> {
  const secrets = new Set(secretNames.map((name) => name.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = secrets.has(name.toLowerCase()) ? MASK : value;
  return out;
}

export interface ToCurlOptions {
  /** Extra header names to mask, on top of SECRET_HEADER_NAMES (which are always masked). */
  redact?: readonly string[];
}

/** The request as one shell-safe curl command line; secret headers appear as e.g. `Authorization: ***`. */
export function toCurl(request: HttpRequest, options: ToCurlOptions = {}): string {
  const headers = redactHeaders(request.headers ?? {}, [...SECRET_HEADER_NAMES, ...(options.redact ?? [])]);
  const parts = ['curl'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(quoteShell(request.url));
  for (const [name, value] of Object.entries(headers)) parts.push('-H', quoteShell(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-raw', quoteShell(request.body));
  return parts.join(' ');
}

/** POSIX single quotes: nothing inside is special except the quote itself, written as '\''. */
function quoteShell(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
