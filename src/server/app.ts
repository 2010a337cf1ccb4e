// The reference server as a pure function: routing, input decoding, auth, the action call and CKAN's
// envelope. No sockets here (listen.ts adapts node:http to this handler).
import { isAuthorized } from './auth.ts';
import { ckanTraits } from './ckan-versions.ts';
import { decodeActionInput } from './decode.ts';
import { routeDump } from './dump/index.ts';
import { buildHelpUrl, respondActionError, respondBadRequest, respondJson, respondSuccess, wrapJsonp } from './envelope.ts';
import { parseUrlEncoded } from './form-data.ts';
import { respondHtmlError, respondMethodNotAllowed } from './html-pages.ts';
import type { AppHandler, AppRequest, AppResponse } from './http-types.ts';
import { allowedMethods, decodePath, matchRoute, splitTarget } from './routes.ts';
import { datastoreSearch } from './search/index.ts';
import { datastoreSearchSql } from './sql/index.ts';
import { statusShow } from './status.ts';
import { type ActionHandler, type ActionRequest, type ServerConfig, type ServerContext, UnencodableResultError } from './types.ts';

/** Actions by name; every registered action is side-effect free (callable with GET), as both read actions are. */
export type ActionRegistry = Readonly<Record<string, ActionHandler>>;

/** What createApp needs: the engine, the datastore model and settings, plus optional actions and logger. */
export interface AppOptions extends ServerContext {
  /** The actions to serve; default `createDefaultActions(config)`. */
  actions?: ActionRegistry;
  /** Where unexpected action failures (500s) are reported; default: their stack on stderr. */
  logError?: (error: unknown) => void;
}

/** CKAN's read actions: status_show, datastore_search, and datastore_search_sql when `config.sqlEnabled`. */
export function createDefaultActions(config: ServerConfig): ActionRegistry {
  const actions: Record<string, ActionHandler> = { status_show: statusShow, datastore_search: datastoreSearch };
  if (config.sqlEnabled) actions['datastore_search_sql'] = datastoreSearchSql;
  return Object.freeze(actions);
}

/** Creates the request handler of a reference server over one engine and datastore. */
export function createApp(options: AppOptions): AppHandler {
  const actions = options.actions ?? createDefaultActions(options.config);
  const logError = options.logError ?? logToStderr;
  const context: ServerContext = { engine: options.engine, datastore: options.datastore, config: options.config };
  return async (request) => {
    const response = await route(request, { actions, logError, context });
    if (request.method !== 'HEAD') return response;
    // why: HEAD is GET without a body; the length still describes the GET body
    const length = Buffer.byteLength(response.body);
    return { ...response, headers: { ...response.headers, 'content-length': String(length) }, body: '' };
  };
}

interface Dispatch {
  actions: ActionRegistry;
  logError: (error: unknown) => void;
  context: ServerContext;
}

async function route(request: AppRequest, dispatch: Dispatch): Promise<AppResponse> {
  const dump = await routeDump(request, dispatch.context);
  if (dump !== undefined) return dump;
  const { path: rawPath, queryString } = splitTarget(request.url);
  const match = matchRoute(decodePath(rawPath), dispatch.context.config.locales);
  const allow = allowedMethods[match.kind === 'none' ? 'static' : match.kind];
  const method = request.method.toUpperCase();
  const traits = ckanTraits(dispatch.context.config.ckanRelease);
  if (method === 'OPTIONS') return { status: 200, headers: { allow: allow.join(', '), 'content-type': 'text/html; charset=utf-8' }, body: '' };
  if (!(allow as readonly string[]).includes(method)) return respondMethodNotAllowed(allow.join(', '), traits);
  // why: the static route finds no file by that name (recordings: GET 404, POST 405 on /zz/api/action/...)
  if (match.kind === 'none') return respondHtmlError(404);
  const callback = readCallback(method, queryString);
  if (match.kind === 'version') return withJsonp(respondJson(200, { version: match.version }), callback);
  const separator = traits.has('bad-request-colon') ? ': ' : ' - ';
  const action = Object.hasOwn(dispatch.actions, match.name) ? dispatch.actions[match.name] : undefined;
  if (action === undefined) return respondBadRequest(`Action name not known: ${match.name}`, separator);
  const decoded = decodeActionInput({
    method,
    contentType: request.headers['content-type'],
    body: request.body,
    queryString,
    refuseOtherMediaTypes: traits.has('unsupported-media-type-415'),
  });
  if (decoded.kind === 'unsupported-media-type') return respondHtmlError(415);
  if (decoded.kind === 'bad-request') return respondBadRequest(decoded.message, separator);
  const params = decoded.params;
  // why: CKAN drops `callback` from the input and clears the user, so JSONP calls are always anonymous
  const anonymous = Object.hasOwn(params, 'callback');
  if (anonymous) delete params['callback'];
  const siteUrl = readSiteUrl(request, dispatch.context.config);
  const actionRequest: ActionRequest = {
    params,
    path: match.path,
    queryString,
    method: method === 'POST' ? 'POST' : 'GET',
    authorized: !anonymous && isAuthorized(request.headers, dispatch.context.config.apiTokens),
    userName: anonymous && traits.has('jsonp-user-none') ? 'None' : '',
    siteUrl,
  };
  const help = buildHelpUrl(siteUrl, match.locale, match.name);
  try {
    const result = await action(actionRequest, dispatch.context);
    return withJsonp(respondSuccess(help, result), callback);
  } catch (error) {
    if (error instanceof UnencodableResultError) return respondHtmlError(500);
    return respondActionError(help, error, dispatch.logError);
  }
}

/** The JSONP callback: only from the query string of a GET (CKAN checks request.args and the method). */
function readCallback(method: string, queryString: string): string | undefined {
  if (method !== 'GET') return undefined;
  return parseUrlEncoded(queryString).find((field) => field.name === 'callback')?.value;
}

function withJsonp(response: AppResponse, callback: string | undefined): AppResponse {
  return callback !== undefined && response.status === 200 ? wrapJsonp(response, callback) : response;
}

function readSiteUrl(request: AppRequest, config: ServerConfig): string {
  if (config.siteUrl !== undefined) return config.siteUrl;
  return `http://${request.headers['host'] ?? 'localhost'}`;
}

function logToStderr(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`datastore-kit reference server: internal error in an action\n${text}\n`);
}
