// Genuine-shaped CKAN responses per version, written from what CKAN's source produces at each tag
// (ckanext/datastore/logic/schema.py datastore_search_schema, backend/postgres.py search_data, _result_fields,
// _insert_links, format_results/convert): a city portal's traffic-count resource with a data dictionary, an alias,
// full-text ranks, csv pages, `_table_metadata`, SQL aggregates.
import { compareCkanVersions, type CkanVersion } from '../../src/schema/index.ts';

type Json = Record<string, unknown>;

const SITE = 'https://opendata.example-city.gov';
export const TRAFFIC = '3b7f2a9e-51c4-4d0b-8e62-7f1c9a4d2e85';
export const TRAFFIC_ALIAS = 'traffic-counts-2023';

const older = (v: CkanVersion, than: CkanVersion): boolean => compareCkanVersions(v, than) < 0;

/** The data dictionary as portals fill it in: labels, notes (sometimes `false`), type overrides, custom keys. */
const COLUMNS: Json[] = [
  { id: '_id', type: 'int' },
  { id: 'site_name', type: 'text', info: { label: 'Counting site', notes: 'Name of the induction loop site', type_override: '' } },
  { id: 'count_date', type: 'timestamp', info: { label: 'Date', notes: false, unit: null } },
  { id: 'vehicle_count', type: 'int4', info: { label: 'Vehicles', notes: 'Vehicles per day', type_override: 'int', example: 1200 } },
  { id: 'avg_speed', type: 'numeric', info: { label: 'Average speed (km/h)', tags: ['speed', 'kmh'] } },
  { id: 'direction', type: 'text' },
];

const ROWS: Json[] = [
  { _id: 1, site_name: 'Harbour Bridge north', count_date: '2023-03-01T00:00:00', vehicle_count: 14210, avg_speed: 42.7, direction: 'N' },
  { _id: 2, site_name: 'Harbour Bridge south', count_date: '2023-03-01T00:00:00', vehicle_count: 13987, avg_speed: 44.1, direction: 'S' },
  { _id: 3, site_name: 'Ring road east', count_date: '2023-03-02T00:00:00', vehicle_count: null, avg_speed: 61.0, direction: 'E' },
];

/** What the request looked like: CKAN echoes the validated params and builds `_links` from the URL. */
export interface SearchCall {
  /** The params as CKAN validated them (what was sent). */
  params: Json;
  /** GET query string as sent (links carry it); POST: none. */
  query?: string;
  /** Locale prefix of the URL; CKAN strips it from the links. */
  locale?: string;
  /** `_id` values of the records on this page. */
  ids?: number[];
  /** Matching rows in all. */
  total?: number;
  /** A search by `q` (string): a `rank` column. */
  ranked?: boolean;
}

/** A datastore_search success as CKAN `version` answers `call`. */
export function genuineSearch(version: CkanVersion, call: SearchCall): Json {
  const params = call.params;
  const limit = typeof params['limit'] === 'number' ? params['limit'] : 100;
  const offset = typeof params['offset'] === 'number' ? params['offset'] : 0;
  const format = typeof params['records_format'] === 'string' ? params['records_format'] : 'objects';
  const result: Json = { ...params, resource_id: TRAFFIC, records_format: format, include_total: params['include_total'] ?? true };
  if (!older(version, '2.9')) result['limit'] = limit;
  if (!older(version, '2.9') && older(version, '2.12')) result['total_estimation_threshold'] = params['total_estimation_threshold'] ?? null;
  if (!older(version, '2.12')) result['include_next_page'] = params['include_next_page'] ?? false;
  const asked = Array.isArray(params['fields']) ? (params['fields'] as string[]) : undefined;
  const fields = resultFields(version, asked, call.ranked === true);
  const rankInRecords = call.ranked === true && (asked === undefined || older(version, '2.9'));
  const recordKeys = [...(asked ?? COLUMNS.map((c) => String(c['id']))), ...(rankInRecords ? ['rank'] : [])];
  const rows: Json[] = (call.ids ?? [1, 2]).map((id) => ({ ...(ROWS[id - 1] ?? {}), rank: 0.0607927 }));
  result['records'] = renderRecords(version, format, rows, recordKeys);
  result['fields'] = fields;
  if (older(version, '2.12')) result['_links'] = links(call, limit, offset);
  if (result['include_total'] === true) {
    result['total'] = call.total ?? 3;
    if (!older(version, '2.9') && older(version, '2.12')) result['total_was_estimated'] = false;
  }
  if (result['include_next_page'] === true && rows.length > 0) result['next_page'] = { _id: { gt: Math.max(...rows.map((r) => Number(r['_id']))) } };
  // why structuredClone: tests break the body in place; the shared column list must stay intact
  return structuredClone({ help: `${SITE}${call.locale ?? ''}/api/3/action/help_show?name=datastore_search`, success: true, result });
}

// 2.9+: the fields asked (rank columns included); 2.8: every table column, whatever was asked, and no rank.
function resultFields(version: CkanVersion, asked: string[] | undefined, ranked: boolean): Json[] {
  const all = [...COLUMNS, ...(ranked ? [{ id: 'rank', type: 'float' }] : [])];
  if (older(version, '2.9')) return COLUMNS;
  return asked === undefined ? all : asked.map((id) => all.find((c) => c['id'] === id) ?? { id, type: 'text' });
}

function renderRecords(version: CkanVersion, format: string, rows: Json[], keys: string[]): unknown {
  const stamp = (value: unknown): unknown => (typeof value === 'string' && !older(version, '2.12') ? `${value}.000` : value);
  const pick = (row: Json): Json => Object.fromEntries(keys.map((k) => [k, k === 'count_date' ? stamp(row[k]) : row[k]]));
  if (format === 'objects') return rows.map(pick);
  if (format === 'lists') return rows.map((row) => keys.map((k) => pick(row)[k]));
  const delimiter = format === 'tsv' ? '\t' : ',';
  return rows.map((row) => `${keys.map((k) => String(pick(row)[k] ?? '')).join(delimiter)}\n`).join('');
}

// _insert_links: path without locale, the GET query string with `offset` removed (start) or set (next, prev).
function links(call: SearchCall, limit: number, offset: number): Json {
  const path = '/api/3/action/datastore_search';
  const with_ = (next: number | undefined): string => {
    const query = new URLSearchParams(call.query ?? '');
    query.delete('offset');
    if (next !== undefined) query.set('offset', String(next));
    const text = query.toString();
    return text === '' ? path : `${path}?${text}`;
  };
  const out: Json = { start: with_(undefined), next: with_(offset + limit) };
  if (offset - limit > 0) out['prev'] = with_(offset - limit);
  return out;
}

/** `_table_metadata` as CKAN lists it: `_id` reported `int`, holding the table's hex oid string. */
export function genuineTableMetadata(version: CkanVersion): Json {
  const body = genuineSearch(version, { params: { resource_id: '_table_metadata', limit: 2 }, ids: [] });
  const result = body['result'] as Json;
  result['resource_id'] = '_table_metadata';
  result['fields'] = [
    { id: '_id', type: 'int' },
    { id: 'name', type: 'name' },
    { id: 'oid', type: 'oid' },
    { id: 'alias_of', type: 'name' },
  ];
  result['records'] = [
    { _id: '1c0a5', name: TRAFFIC, oid: 105477, alias_of: null },
    { _id: '1c0b2', name: TRAFFIC_ALIAS, oid: 105490, alias_of: TRAFFIC },
  ];
  return body;
}

/** A datastore_search_sql aggregate: `numeric` (avg) as a string up to 2.10, a number from 2.11. */
export function genuineSql(version: CkanVersion): Json {
  const numeric = older(version, '2.11') ? '43.4000000000000000' : 43.4;
  return {
    help: `${SITE}/api/3/action/help_show?name=datastore_search_sql`,
    success: true,
    result: {
      sql: `SELECT direction, count(*), avg(avg_speed), max(count_date) FROM "${TRAFFIC}" GROUP BY direction`,
      records: [
        { direction: 'N', count: 1, avg: numeric, max: '2023-03-01T00:00:00' },
        { direction: 'E', count: 1, avg: null, max: '2023-03-02T00:00:00' },
      ],
      fields: [
        { id: 'direction', type: 'text' },
        { id: 'count', type: 'int8' },
        { id: 'avg', type: 'numeric' },
        { id: 'max', type: 'timestamp' },
      ],
    },
  };
}
