// The dump's URL: /datastore/dump/<resource_id>, after an optional locale segment (CKAN's i18n middleware
// strips it before routing, as for the API). Flask serves the view for GET and HEAD (and answers OPTIONS).
import { isAuthorized } from '../auth.ts';
import { ckanTraits } from '../ckan-versions.ts';
import { respondMethodNotAllowed } from '../html-pages.ts';
import type { AppRequest, AppResponse } from '../http-types.ts';
import { decodePath, splitTarget } from '../routes.ts';
import type { ServerContext } from '../types.ts';
import { serveDump } from './dump.ts';

const ALLOW = 'GET, HEAD, OPTIONS';

/** The answer to a dump request, or undefined when the request is not for a dump. */
export async function routeDump(request: AppRequest, context: ServerContext): Promise<AppResponse | undefined> {
  const { path, queryString } = splitTarget(request.url);
  const resourceId = matchDumpPath(decodePath(path), context.config.locales);
  if (resourceId === undefined) return undefined;
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS') return { status: 200, headers: { allow: ALLOW, 'content-type': 'text/html; charset=utf-8' }, body: '' };
  if (method !== 'GET' && method !== 'HEAD') return respondMethodNotAllowed(ALLOW, ckanTraits(context.config.ckanRelease));
  const siteUrl = context.config.siteUrl ?? `http://${request.headers['host'] ?? 'localhost'}`;
  return serveDump(resourceId, queryString, { authorized: isAuthorized(request.headers, context.config.apiTokens), siteUrl }, context);
}

/** The resource id of a dump path, or undefined when the path is not a dump. */
export function matchDumpPath(path: string, locales: readonly string[]): string | undefined {
  const match = /^(?:\/([^/]+))?\/datastore\/dump\/([^/]+)$/.exec(path);
  if (match === null || match[2] === undefined) return undefined;
  if (match[1] !== undefined && !locales.includes(match[1])) return undefined;
  return match[2];
}
