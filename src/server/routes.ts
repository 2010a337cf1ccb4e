// URL routing as CKAN 2.11 does it for the API: an optional locale segment, /api, /api/<1..3>,
// /api/action/<name> and /api/3/action/<name>. Anything else falls to CKAN's catch-all static-file route
// (`/<path:filename>`, GET only): a 404 for GET, a 405 for other methods.

/** Methods each kind of route accepts, as Flask lists them in `Allow` (HEAD and OPTIONS are automatic). */
export const allowedMethods = {
  action: ['GET', 'HEAD', 'OPTIONS', 'POST'],
  version: ['GET', 'HEAD', 'OPTIONS'],
  /** Flask's static route, which every other path reaches (CKAN serves its public files from the root). */
  static: ['GET', 'HEAD', 'OPTIONS'],
} as const;

/** What a path is: the version endpoint, an action call (with its locale), or nothing (404). */
export type RouteMatch =
  | { kind: 'version'; version: number; locale: string | undefined }
  | {
      kind: 'action';
      name: string;
      locale: string | undefined;
      /** The path with the locale segment removed. */
      path: string;
    }
  | { kind: 'none' };

/** Splits a request target into its path and its raw query string (without "?"). */
export function splitTarget(url: string): { path: string; queryString: string } {
  const hash = url.indexOf('#');
  const target = hash === -1 ? url : url.slice(0, hash);
  const mark = target.indexOf('?');
  if (mark === -1) return { path: target, queryString: '' };
  return { path: target.slice(0, mark), queryString: target.slice(mark + 1) };
}

/**
 * Matches a decoded path against CKAN's API routes. A first segment that is a known locale is
 * stripped first (CKAN's i18n middleware does this before routing); an unknown one stays and fails.
 */
export function matchRoute(path: string, locales: readonly string[]): RouteMatch {
  let rest = path;
  let locale: string | undefined;
  const first = /^\/([^/]+)(\/.*)$/.exec(path);
  if (first?.[1] !== undefined && first[2] !== undefined && locales.includes(first[1])) {
    locale = first[1];
    rest = first[2];
  }
  // why: the version views are registered with strict_slashes=False, so a trailing slash is accepted there
  const version = /^\/api(?:\/([1-3]))?\/?$/.exec(rest);
  if (version !== null) return { kind: 'version', version: Number(version[1] ?? '1'), locale };
  const action = /^\/api(?:\/3)?\/action\/([^/]+)$/.exec(rest);
  if (action?.[1] !== undefined) return { kind: 'action', name: action[1], locale, path: rest };
  return { kind: 'none' };
}

/**
 * Percent-decodes a URL path the way a WSGI server fills PATH_INFO: bytes are decoded as UTF-8 and
 * invalid sequences become U+FFFD instead of failing.
 */
export function decodePath(rawPath: string): string {
  if (!rawPath.includes('%')) return rawPath;
  const bytes: number[] = [];
  for (let i = 0; i < rawPath.length; i += 1) {
    const char = rawPath[i] ?? '';
    const hex = rawPath.slice(i + 1, i + 3);
    if (char === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const byte of Buffer.from(char, 'utf8')) bytes.push(byte);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
