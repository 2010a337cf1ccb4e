// `run --verbose`: each variant's request and response as the console shows them, curl-like (`> ` sent, `< `
// received). The result reaching a listener is redacted already (token, URL credentials); secret headers are
// masked again here, so a header no redaction knew of (a target's Set-Cookie) never reaches the console either.
import type { CaseResult } from '../model/index.ts';
import { redactHeaders } from '../util/redact.ts';
import { cutText, formatDuration } from './text.ts';

/** Characters of a body shown on the console (the reports keep up to their own cap). */
const CONSOLE_BODY_CHARS = 2000;

/** Headers masked besides the secret request headers: a response's cookies are a session's credentials too. */
const SECRET_RESPONSE_HEADERS: readonly string[] = ['set-cookie'];

/** The variant's exchange as lines (each ending in a newline), or nothing when no request was sent. */
export function formatExchangeText(result: CaseResult): string {
  const exchange = result.exchange;
  if (exchange === undefined) return '';
  const { request, response } = exchange;
  const lines = [`── ${result.id} (${result.status})`, `> ${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(redactHeaders(request.headers))) lines.push(`> ${name}: ${value}`);
  if (request.body !== undefined) lines.push(...bodyLines('>', request.body));
  if (response === undefined) {
    lines.push(`< no answer${result.error === undefined ? '' : `: ${result.error.message}`}`);
  } else {
    const attempts = exchange.attempts > 1 ? `, ${exchange.attempts} attempts` : '';
    lines.push(`< ${response.status} (${formatDuration(response.durationMs)}${attempts})`);
    for (const [name, value] of Object.entries(redactHeaders(response.headers, SECRET_RESPONSE_HEADERS))) lines.push(`< ${name}: ${value}`);
    lines.push(...bodyLines('<', response.body, response.bodyTruncated));
  }
  for (const related of result.related ?? []) {
    lines.push(`related: ${related.curl} -> ${related.status === undefined ? 'no answer' : `HTTP ${related.status}`}`);
  }
  return `${lines.join('\n')}\n`;
}

function bodyLines(prefix: string, body: string, truncated = false): string[] {
  if (body === '') return [];
  const flat = body.replace(/\s*\n\s*/g, ' ');
  const shown = cutText(flat, CONSOLE_BODY_CHARS);
  const more = shown !== flat || truncated ? ` (${body.length.toLocaleString('en')} characters${truncated ? ' kept of a longer body' : ''})` : '';
  return [`${prefix} ${shown}${more}`];
}
