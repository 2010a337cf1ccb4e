// Where a case variant's baseline lives: a logical key (case id + variant), never the target's URL or resource ids,
// so that a baseline recorded on one target (staging) can be checked against another (production).
import type { VariantKey } from '../schema/report.ts';

/** `get-api3`, `post-fr-api3`, `get-pt_BR-api`: method, locale (when any) and API path of a variant. */
export function formatVariantName(variant: VariantKey): string {
  const api = variant.apiPath.replace(/\/action$/, '').replace(/\//g, '');
  // why: `-` joins the parts, so inside a part it is escaped (no method, locale or API path has one today)
  const parts = [variant.method.toLowerCase(), ...(variant.locale === null ? [] : [variant.locale]), api];
  return parts.map((part) => toSafeName(part).replace(/-/g, '%2D')).join('-');
}

/**
 * The baseline file of a variant, relative to the baseline folder with `/` separators:
 * `search/filters/either-or/post-fr-api3.json`. Each segment of the case id is one folder.
 */
export function baselineFilePath(caseId: string, variant: VariantKey): string {
  const folders = caseId.split('/').map(toSafeName);
  return [...folders, `${formatVariantName(variant)}.json`].join('/');
}

/**
 * A file-name-safe form of `text`, one to one: letters, digits, `_`, `-` and `.` stay (a leading `.` does not,
 * so no segment reads as `.` or `..`); everything else, `%` included, becomes `%XX` (UTF-8 bytes).
 */
export function toSafeName(text: string): string {
  if (text === '') return '%';
  return [...text].map((char, index) => (/^[A-Za-z0-9_-]$/.test(char) || (char === '.' && index > 0) ? char : encodeChar(char))).join('');
}

function encodeChar(char: string): string {
  return [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}
