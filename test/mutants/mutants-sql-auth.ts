// Mutants of datastore_search_sql, authorisation and the error envelope: each breaks one rule and names the
// cases of cases/ that must catch it.
import { actionOf, alterBody, alterParams, fetchJson, jsonAnswer, readParams, successAnswer, withParams } from './alter.ts';
import { isPlainObject } from '../../src/util/json.ts';
import type { Mutant, MutantContext } from './mutant.ts';
import type { MutantHandler, ProxiedResponse } from './proxy.ts';

const SQL = 'datastore_search_sql';

const rewriteSql = (rewrite: (sql: string) => string) => alterParams(SQL, (p) => (typeof p['sql'] === 'string' ? { ...p, sql: rewrite(p['sql']) } : p));

function sqlOf(params: Record<string, unknown> | undefined): string {
  const sql = params?.['sql'];
  return typeof sql === 'string' ? sql : '';
}

/** The message of a CKAN error answer, if any. */
function errorMessage(body: unknown): string {
  const error = isPlainObject(body) ? body['error'] : undefined;
  if (!isPlainObject(error)) return '';
  const message = error['message'];
  return typeof message === 'string' ? message : JSON.stringify(error);
}

/** When upstream refuses with a message matching `refusal`, answer an empty SQL success instead. */
function acceptRefused(refusal: RegExp): MutantHandler {
  return async (request, upstream) => {
    const { response, body } = await fetchJson(request, upstream);
    if (actionOf(request) !== SQL || response.status < 400 || !refusal.test(errorMessage(body))) return response;
    return successAnswer(SQL, { sql: sqlOf(readParams(request)), records: [], fields: [] });
  };
}

const writesAccepted: MutantHandler = (request, upstream) => {
  const sql = sqlOf(readParams(request));
  if (actionOf(request) !== SQL || !/^\s*(insert|update|delete|drop)\b/i.test(sql)) return upstream(request);
  return Promise.resolve(successAnswer(SQL, { sql, records: [], fields: [] }));
};

/** A refused multi-statement query is answered with its first statement. */
const firstStatementOnly: MutantHandler = async (request, upstream) => {
  const { response, body } = await fetchJson(request, upstream);
  if (actionOf(request) !== SQL || !JSON.stringify(body ?? '').includes('not a single statement')) return response;
  const params = readParams(request) ?? {};
  return upstream(withParams(request, { ...params, sql: sqlOf(params).split(';')[0] ?? '' }));
};

const sqlGetRefused: MutantHandler = (request, upstream) =>
  request.method === 'GET' && actionOf(request) === SQL
    ? Promise.resolve(jsonAnswer(400, 'Bad request - JSON Error: Invalid request. Please use POST method for your request'))
    : upstream(request);

/** JSONP answered as plain JSON: the callback wrapper and the JavaScript content type are dropped. */
const jsonpNotWrapped: MutantHandler = async (request, upstream) => {
  const response = await upstream(request);
  const wrapped = /^[\w$.]+\(([\s\S]*)\);$/.exec(response.body);
  if (!response.contentType.startsWith('application/javascript') || wrapped === null) return response;
  return { status: response.status, contentType: 'application/json;charset=utf-8', body: wrapped[1] ?? '' };
};

/** Answers with another status code than upstream's `from`. */
function remapStatus(from: number, to: number): MutantHandler {
  return async (request, upstream) => {
    const response = await upstream(request);
    return response.status === from ? ({ ...response, status: to } satisfies ProxiedResponse) : response;
  };
}

export function createSqlAuthMutants(context: MutantContext): Mutant[] {
  const anonymousServed: MutantHandler = (request, upstream) =>
    upstream(request.headers['authorization'] === undefined ? { ...request, headers: { ...request.headers, authorization: context.token } } : request);
  const bearerRequired: MutantHandler = (request, upstream) => {
    const { authorization, ...others } = request.headers;
    if (authorization === undefined) return upstream(request);
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    return upstream({ ...request, headers: token === undefined ? others : { ...others, authorization: token } });
  };
  const jsonpWithUser = alterParams(undefined, ({ callback: _dropped, ...rest }) => rest);
  return [
    {
      name: 'like-case-insensitive',
      breaks: 'api.md#4.2/sql-like',
      caughtBy: ['sql/select/like', 'sql/select/like-other-case'],
      handler: rewriteSql((s) => s.replace(/\bLIKE\b/g, 'ILIKE')),
    },
    {
      name: 'like-prefix-only',
      breaks: 'api.md#4.2/sql-like',
      caughtBy: ['sql/select/like', 'sql/select/like-infix'],
      handler: rewriteSql((s) => s.replace(/LIKE '%/g, "LIKE '")),
    },
    {
      name: 'sql-write-accepted',
      breaks: 'ckan-datastore.md#4.2',
      caughtBy: ['sql/restrict/insert', 'sql/restrict/update', 'sql/restrict/drop'],
      handler: writesAccepted,
    },
    { name: 'multi-statement-accepted', breaks: 'ckan-datastore.md#4.2', caughtBy: ['sql/restrict/multi-statement'], handler: firstStatementOnly },
    {
      name: 'system-tables-allowed',
      breaks: 'ckan-datastore.md#4.2',
      caughtBy: ['sql/restrict/system-table', 'sql/restrict/information-schema', 'sql/restrict/table-metadata'],
      handler: acceptRefused(/system tables/),
    },
    {
      name: 'any-function-allowed',
      breaks: 'ckan-datastore.md#4.2',
      caughtBy: ['sql/restrict/function-sleep', 'sql/restrict/function-query-to-xml'],
      handler: acceptRefused(/call function/),
    },
    { name: 'sql-get-refused', breaks: 'api.md#4.2/get', caughtBy: ['sql/select/get', 'locale/sql'], handler: sqlGetRefused },
    {
      name: 'private-to-anonymous',
      breaks: 'api.md#5/bare-token',
      caughtBy: ['auth/private/anonymous', 'auth/private/sql-anonymous', 'auth/private/anonymous-message'],
      handler: anonymousServed,
    },
    {
      name: 'bearer-required',
      breaks: 'api.md#5/bare-token',
      caughtBy: ['auth/private/with-token', 'auth/private/get-token-in-header', 'auth/private/sql-with-token'],
      handler: bearerRequired,
    },
    { name: 'jsonp-not-anonymous', breaks: 'ckan-datastore.md#1.3', caughtBy: ['auth/jsonp/anonymous'], handler: jsonpWithUser },
    { name: 'jsonp-not-wrapped', breaks: 'ckan-datastore.md#1.3', caughtBy: ['auth/jsonp/callback'], handler: jsonpNotWrapped },
    {
      name: 'validation-as-400',
      breaks: 'ckan-datastore.md#2.2',
      caughtBy: ['errors/search/limit-negative', 'errors/search/missing-resource-id', 'search/filters/unknown-column'],
      handler: remapStatus(409, 400),
    },
    { name: 'not-found-as-409', breaks: 'ckan-datastore.md#2.3', caughtBy: ['errors/search/unknown-resource'], handler: remapStatus(404, 409) },
    {
      name: 'validation-with-message',
      breaks: 'ckan-datastore.md#2.2',
      caughtBy: [
        'errors/search/limit-negative',
        'errors/search/limit-not-integer',
        'errors/search/missing-resource-id',
        'sql/restrict/insert',
        'sql/restrict/missing-sql',
      ],
      handler: alterBody(undefined, (body, _request, status) =>
        status === 409 && isPlainObject(body['error']) ? { ...body, error: { ...body['error'], message: 'Validation Error' } } : body,
      ),
    },
  ];
}
