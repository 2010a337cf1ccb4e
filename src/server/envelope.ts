// CKAN's action envelope and error mapping (views/api.py): {help, success, result} on success,
// {help, error, success: false} on handled errors, bare JSON strings for 400s, HTML pages for routing errors.
import { pyJsonDumps } from './python/index.ts';
import type { AppResponse } from './http-types.ts';
import { ActionAuthorizationError, ActionNotFoundError, ActionValidationError, CkanInternalError } from './types.ts';

/** CKAN's JSON content type, including its spelling without a space. */
export const jsonContentType = 'application/json;charset=utf-8';
/** JSONP responses (CKAN's CONTENT_TYPES['javascript']). */
export const javascriptContentType = 'application/javascript;charset=utf-8';
/** Error pages (Flask's default). */
export const htmlContentType = 'text/html; charset=utf-8';

/** A JSON response with CKAN's content type. */
export function respondJson(status: number, data: unknown): AppResponse {
  return { status, headers: { 'content-type': jsonContentType }, body: pyJsonDumps(data) };
}

/**
 * The 400 "Bad request - <message>" bare JSON string CKAN answers before an action runs; CKAN 2.12 writes
 * "Bad request: <message>" (the separator).
 */
export function respondBadRequest(message: string, separator = ' - '): AppResponse {
  return respondJson(400, `Bad request${separator}${message}`);
}

/** The success envelope. */
export function respondSuccess(help: string, result: unknown): AppResponse {
  return respondJson(200, { help, success: true, result });
}

/**
 * Maps an action's failure to CKAN's status and `error` object. Anything else is a 500: an imitated one of CKAN's
 * (CkanInternalError) as it is, an unexpected one with its details in the server log (`logError`), never in the
 * response.
 */
export function respondActionError(help: string, error: unknown, logError: (error: unknown) => void): AppResponse {
  if (error instanceof ActionValidationError) {
    return respondJson(409, { help, error: { ...error.errors, __type: 'Validation Error' }, success: false });
  }
  if (error instanceof ActionNotFoundError) {
    const message = error.detail === '' ? 'Not found' : `Not found: ${error.detail}`;
    return respondJson(404, { help, error: { __type: 'Not Found Error', message }, success: false });
  }
  if (error instanceof ActionAuthorizationError) {
    const message = error.detail === '' ? 'Access denied' : `Access denied: ${error.detail}`;
    return respondJson(403, { help, error: { __type: 'Authorization Error', message }, success: false });
  }
  if (!(error instanceof CkanInternalError)) logError(error);
  return respondJson(500, {
    help,
    error: { __type: 'Internal Server Error', message: 'Internal Server Error' },
    success: false,
  });
}

/** The `help` link: always absolute and always /api/3/, with the locale segment when the request had one. */
export function buildHelpUrl(siteUrl: string, locale: string | undefined, action: string): string {
  const prefix = locale === undefined ? '' : `/${locale}`;
  return `${siteUrl}${prefix}/api/3/action/help_show?name=${encodeURIComponent(action)}`;
}

/** Wraps a 200 JSON body for JSONP: `<callback>(<json>);`, the callback HTML-escaped as Python's html.escape does. */
export function wrapJsonp(response: AppResponse, callback: string): AppResponse {
  const body = `${escapeHtml(callback)}(${response.body.toString()});`;
  return { ...response, headers: { ...response.headers, 'content-type': javascriptContentType }, body };
}

/** Python's html.escape(text, quote=True). */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
}
