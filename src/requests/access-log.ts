// Web server access logs in the common or combined log format (Apache's and nginx's default): the request line
// of each GET to a read action is replayed with its query string; a log keeps no body, so a POST is left out.
import { TRAFFIC_SKIP_REASONS } from '../schema/traffic.ts';
import { toParsedEntry } from './api-target.ts';
import type { ParsedEntry } from './types.ts';

// host ident user [time] "request" status bytes, then anything (combined: "referer" "user agent", and more fields)
const LOG_LINE = /^\S+ \S+ (?:"[^"]*"|\S+) \[[^\]]+\] "((?:[^"\\]|\\.)*)" (?:\d{3}|-) (?:\d+|-)(?:\s.*)?$/;

/** A quoted log field without its escapes: Apache writes `\"` and `\\`, nginx `\x22`. */
function unescapeField(text: string): string {
  return text.replace(/\\x([0-9a-fA-F]{2})|\\(.)/g, (_match, hex: string | undefined, char: string | undefined) =>
    hex === undefined ? (char ?? '') : String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** One line of an access log; a problem text (thrown by the reader with the file and line) when it is not one. */
export function parseAccessLogLine(line: string): ParsedEntry | { problem: string } {
  if (line.trim() === '') return { kind: 'blank' };
  const match = LOG_LINE.exec(line);
  if (match === null) return { problem: 'not a line of the common or combined log format (host ident user [time] "request" status bytes ...)' };
  // why: an empty or garbled request line ("-", a TLS hello sent to the HTTP port) is logged too; it is no API call
  const [method = '', target = ''] = unescapeField(match[1] ?? '').split(' ');
  if (method.toUpperCase() === 'POST') {
    const entry = toParsedEntry({ method, target, headers: [], body: '' });
    return entry.kind === 'request' ? { kind: 'skip', reason: TRAFFIC_SKIP_REASONS.noBody } : entry;
  }
  return toParsedEntry({ method, target, headers: [], body: '' });
}
