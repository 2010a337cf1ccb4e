// Words for a failed pre-flight: what answered instead of CKAN's action API, and what the base URL should be.
import { describeRedirect } from './redirect.ts';
import type { HttpResponse } from './types.ts';
import { maskUrlCredentials } from '../util/redact.ts';

/** An API path a user may have copied into the base URL: /api, /api/3, /api/action, /api/3/action[/name]. */
const API_SUFFIX = /\/api(\/3)?(\/action(\/[^/]*)?)?\/*$/;

/** E.g. "an HTML 404 page", "a JSON 200 answer", "an empty 502 answer", "a text/plain 403 answer". */
export function describeAnswer(response: HttpResponse): string {
  const type = mediaType(response);
  if (response.body.trim() === '') return `an empty ${response.status} answer${type === '' ? '' : ` (${type})`}`;
  if (type === 'text/html' || (type === '' && /^\s*<(!doctype|html)/i.test(response.body))) {
    return `an HTML ${response.status} page${pageTitle(response.body)}`;
  }
  if (type === 'application/json' || type.endsWith('+json')) return `a JSON ${response.status} answer that is not CKAN's {success, result} envelope`;
  return `${type === '' ? 'a' : `a ${type}`} ${response.status} answer`;
}

/** The parts of an answer the advice reads. */
export type AnswerHead = Pick<HttpResponse, 'status' | 'headers'>;

/**
 * What to do about it: the address a redirect points to, the base URL without the API path, the site root, or the
 * portal's sub-path.
 */
export function suggestBaseUrl(baseUrl: string, response: AnswerHead): string {
  const parsed = parseUrl(baseUrl);
  if (parsed === undefined) return 'give the site root as the base URL, e.g. https://portal.example';
  const redirect = describeRedirect(baseUrl, response);
  if (redirect !== undefined) return redirect;
  if (API_SUFFIX.test(parsed.pathname)) {
    parsed.pathname = parsed.pathname.replace(API_SUFFIX, '') || '/';
    return `the base URL ends in an API path: drop it, e.g. --target ${trimSlash(maskUrlCredentials(parsed.toString()))}`;
  }
  if (response.status === 401 || response.status === 403) {
    return 'the site refused an anonymous request: check for a login wall or a proxy in front of the API';
  }
  if (parsed.pathname.replace(/\/+$/, '') !== '') {
    const root = trimSlash(maskUrlCredentials(parsed.origin));
    return `try the site root (--target ${root}) or the sub-path the portal lives under`;
  }
  return 'if the portal lives under a sub-path (e.g. https://host/data), give that sub-path as the base URL';
}

function mediaType(response: HttpResponse): string {
  return (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function pageTitle(html: string): string {
  const title = /<title[^>]*>([^<]{1,80})<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim();
  return title === undefined || title === '' ? '' : ` ("${title}")`;
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
