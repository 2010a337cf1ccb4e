// Renders requests for people: headers with secrets masked, and a copy-pasteable curl command.
import { isSecretHeader, redactHeaders } from '../util/redact.ts';
import type { HttpRequest } from './types.ts';

export interface ToCurlOptions {
  /** Extra header names to mask, on top of SECRET_HEADER_NAMES (which are always masked). */
  redact?: readonly string[];
  /**
   * Write a masked header's value as this shell variable (e.g. `$TOKEN`) in double quotes, so that the command
   * replays with the secret taken from the environment. Default: the value is written as `***`.
   */
  secretAs?: string;
}

/**
 * The request as one shell-safe curl command line, as the kit's client sends it (`--compressed`, unless the request
 * names its own Accept-Encoding); secret headers appear as e.g. `Authorization: ***`.
 */
export function toCurl(request: HttpRequest, options: ToCurlOptions = {}): string {
  const extra = options.redact ?? [];
  const headers = redactHeaders(request.headers ?? {}, extra);
  const parts = ['curl'];
  // why: the kit's client asks for compressed answers (Accept-Encoding) and decodes them; curl does so with this
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept-encoding')) parts.push('--compressed');
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(quoteShell(request.url));
  for (const [name, value] of Object.entries(headers)) {
    const asVariable = options.secretAs !== undefined && isSecretHeader(name, extra);
    // why: double quotes, so that the shell puts the variable's value in; the header name is a plain token
    parts.push('-H', asVariable ? `"${name}: ${options.secretAs ?? ''}"` : quoteShell(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', quoteShell(request.body));
  return parts.join(' ');
}

/** POSIX single quotes: nothing inside is special except the quote itself, written as '\''. */
function quoteShell(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
