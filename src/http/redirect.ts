// Words for a redirect the client did not follow: following one would send the token and POST bodies on to
// wherever it points, so the kit names the address instead and lets the user choose it as the target.
import { maskUrlCredentials } from '../util/redact.ts';
import type { HttpResponse } from './types.ts';

const ACTION_PATH = /\/api(\/3)?\/action\/.*$/;

/**
 * Advice for a 3xx answer with a Location (else undefined); `url` (the URL asked, or the target's base URL) resolves
 * a relative Location. Where the Location keeps
 * the action path (http to https, another host), the base URL it implies; elsewhere (a login page), what that
 * suggests.
 */
export function describeRedirect(url: string, response: Pick<HttpResponse, 'status' | 'headers'>): string | undefined {
  const location = response.headers['location'];
  if (response.status < 300 || response.status > 399 || location === undefined || location === '') return undefined;
  let target: URL;
  try {
    target = new URL(location, url);
  } catch {
    return `it redirects (${response.status}) to an invalid address, and the kit does not follow redirects`;
  }
  const shown = maskUrlCredentials(target.toString());
  if (!ACTION_PATH.test(target.pathname)) {
    return `it redirects (${response.status}) to ${shown}, not to an action API (a login page or a proxy in front of it?), and the kit does not follow redirects`;
  }
  target.pathname = target.pathname.replace(ACTION_PATH, '') || '/';
  target.search = '';
  target.hash = '';
  const base = maskUrlCredentials(target.toString()).replace(/\/+$/, '');
  return `it redirects (${response.status}) to ${shown}, and the kit does not follow redirects (they would carry the token elsewhere): give --target ${base}`;
}
