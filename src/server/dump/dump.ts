// /datastore/dump/<id> as CKAN's blueprint serves it (ckanext/datastore/blueprint.py, dump and dump_to): the
// resource checked first (404; 2.9 lets the refusal of a private resource escape as a 500), the arguments
// validated (400), then datastore_search called a page of PAGINATE_BY rows at a time (2.12: keyset pages from
// its next_page) and the pages written by the format's writer, as an attachment.
import { ckanTraits, type CkanTraits } from '../ckan-versions.ts';
import type { AppResponse } from '../http-types.ts';
import { respondHtmlError } from '../html-pages.ts';
import { parsePyJson, type PyValue } from '../python/index.ts';
import { datastoreSearch } from '../search/index.ts';
import type { ActionRequest, ServerContext } from '../types.ts';
import { ActionAuthorizationError, ActionNotFoundError, RawJson } from '../types.ts';
import { type DumpParams, validateDumpParams } from './params.ts';
import { createDumpWriter, type DumpField } from './writers.ts';

// why: CKAN's PAGINATE_BY; rows_max, when lower, makes the pages smaller
const PAGINATE_BY = 32000;
const RECORDS_FORMATS = { csv: 'csv', tsv: 'tsv', json: 'lists', xml: 'objects' } as const;
// why: releases with the trait dump-typed-content answer with the format's own type (CKAN's writer.py before #7839)
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'text/xml; charset=utf-8',
} as const;

/** Who asks: whether the request carried a valid token, and the site URL. */
export interface DumpCaller {
  authorized: boolean;
  siteUrl: string;
}

/** Answers one dump request; `resourceId` is the path segment as given. */
export async function serveDump(resourceId: string, queryString: string, caller: DumpCaller, context: ServerContext): Promise<AppResponse> {
  const traits = ckanTraits(context.config.ckanRelease);
  const newStyle = traits.has('dump-keyset-pages');
  // why: up to 2.11 the resource is checked before the arguments; 2.12 validates first
  const validated = validateDumpParams(queryString);
  const resource = context.datastore.resolve(resourceId);
  if (!newStyle) {
    if (resource === undefined) return respondHtmlError(404, { detail: 'DataStore resource not found' });
    if (resource.private && !caller.authorized) return refusePrivate(traits);
  }
  if (!validated.ok) return respondHtmlError(400, { detail: validated.message });
  if (resource === undefined || (resource.private && !caller.authorized)) return respondHtmlError(404, { detail: 'DataStore resource not found' });
  const name = newStyle ? resource.id : resourceId;
  try {
    const body = await renderDump(name, validated.params, caller, context);
    const { format } = validated.params;
    const typed = traits.has('dump-typed-content');
    const headers = {
      'content-type': typed ? CONTENT_TYPES[format] : 'application/octet-stream',
      'content-disposition': `attachment; filename="${typed ? quoteRfc2231(name) : name}.${format}"`,
    };
    return { status: 200, headers, body };
  } catch (error) {
    if (error instanceof ActionNotFoundError || error instanceof ActionAuthorizationError)
      return respondHtmlError(404, { detail: 'DataStore resource not found' });
    // why: CKAN lets a datastore_search validation error (a bad sort, field or filter) escape the view: a 500
    return respondHtmlError(500, { detail: 'Internal Server Error' });
  }
}

function refusePrivate(traits: CkanTraits): AppResponse {
  // why: such releases call datastore_search first and catch only ObjectNotFound, so NotAuthorized is a server error
  if (traits.has('dump-private-500')) return respondHtmlError(500, { detail: 'Internal Server Error' });
  return respondHtmlError(404, { detail: 'DataStore resource not found' });
}

/** Python's email.utils.encode_rfc2231 without a charset: urllib's quote with nothing safe. */
function quoteRfc2231(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

interface PageResult {
  records: string | PyValue[];
  fields: DumpField[];
  limit: number;
  nextPage: Record<string, unknown> | undefined;
}

async function renderDump(resourceId: string, params: DumpParams, caller: DumpCaller, context: ServerContext): Promise<string> {
  const traits = ckanTraits(context.config.ckanRelease);
  const keyset = traits.has('dump-keyset-pages');
  const search = (offset: number, remaining: number | undefined, nextPage: Record<string, unknown> | undefined) =>
    searchPage({ resourceId, params, offset, remaining, nextPage, keyset, caller, context });
  let result = await search(params.offset, params.limit, undefined);
  const paginateBy = result.limit !== params.limit ? result.limit : PAGINATE_BY;
  const writer = createDumpWriter(params.format, result.fields, {
    bom: params.bom,
    xmlSafeNames: traits.has('dump-xml-safe-names'),
    xmlNamespace: !traits.has('dump-typed-content'),
  });
  const parts: string[] = [];
  let offset = params.offset;
  let limit = params.limit;
  while (limit === undefined || limit > 0) {
    parts.push(parts.length === 0 ? writer.header : '', writer.page(result.records));
    // why: CKAN stops text pages when one is empty, decoded ones when one is short
    if (typeof result.records === 'string' ? result.records === '' : result.records.length < paginateBy) break;
    offset += paginateBy;
    if (limit !== undefined) {
      limit -= paginateBy;
      if (limit <= 0) break;
    }
    result = await search(offset, limit, result.nextPage);
  }
  parts.push(writer.end);
  return parts.join('');
}

interface PageRequest {
  resourceId: string;
  params: DumpParams;
  offset: number;
  remaining: number | undefined;
  nextPage: Record<string, unknown> | undefined;
  keyset: boolean;
  caller: DumpCaller;
  context: ServerContext;
}

async function searchPage(page: PageRequest): Promise<PageResult> {
  const { params } = page;
  const searchParams: Record<string, unknown> = {
    resource_id: page.resourceId,
    limit: page.remaining === undefined ? PAGINATE_BY : Math.min(PAGINATE_BY, page.remaining),
    offset: page.nextPage === undefined ? page.offset : 0,
    sort: params.sort,
    records_format: RECORDS_FORMATS[params.format],
    include_total: false,
    ...params.search,
  };
  if (page.keyset) searchParams['include_next_page'] = true;
  if (page.nextPage !== undefined) searchParams['filters'] = { ...asObject(params.search['filters']), ...page.nextPage };
  const request: ActionRequest = {
    params: searchParams,
    path: '/api/3/action/datastore_search',
    queryString: '',
    method: 'POST',
    authorized: page.caller.authorized,
    siteUrl: page.caller.siteUrl,
  };
  const result = asObject(await datastoreSearch(request, page.context));
  return {
    records: decodeRecords(result['records']),
    fields: Array.isArray(result['fields']) ? (result['fields'] as DumpField[]) : [],
    limit: typeof result['limit'] === 'number' ? result['limit'] : PAGINATE_BY,
    nextPage: page.keyset && result['next_page'] !== undefined ? asObject(result['next_page']) : undefined,
  };
}

function decodeRecords(records: unknown): string | PyValue[] {
  if (typeof records === 'string') return records;
  if (!(records instanceof RawJson)) return [];
  const parsed = parsePyJson(records.text);
  return parsed.ok && parsed.value.type === 'list' ? parsed.value.items : [];
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
