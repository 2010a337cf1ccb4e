// The clauses of the API description (spec/api.md), one stable anchor id each, summarised in our own words.
// Cases cite these ids in `spec:`; the coverage table (cases/COVERAGE.md) maps every clause to its cases.

/** One checkable statement of the API description. */
export interface SpecClause {
  /** Stable anchor, e.g. `api.md#4.1/filters-rule-1`; cases cite it in `spec`. */
  id: string;
  /** Section of the description, e.g. `4.1 datastore_search`. */
  section: string;
  /** What the clause says, in a few words. */
  summary: string;
}

const S1 = '1 What the service does';
const S2 = '2 Resources and fields';
const S41 = '4.1 datastore_search';
const S42 = '4.2 datastore_search_sql';
const S5 = '5 Authentication';

/**
 * Every clause of api.md that a target can be checked against. Sections 3, 6, 7, 8 and 9 of the description
 * say "not shown" and fix nothing; CKAN's behaviour there is checked by the `ckan.extended` class instead.
 */
export const API_CLAUSES: readonly SpecClause[] = Object.freeze([
  { id: 'api.md#1/path-prefix', section: S1, summary: 'Operations live under the path prefix /api/action/.' },
  { id: 'api.md#1/resource-id', section: S1, summary: 'A resource is addressed by resource_id.' },
  { id: 'api.md#1/operations', section: S1, summary: 'Two read operations exist: datastore_search and datastore_search_sql.' },
  { id: 'api.md#1/post-json', section: S1, summary: 'Both operations accept a POST with a JSON body.' },
  { id: 'api.md#1/get-query', section: S1, summary: 'Operations may also be called with GET and a query string.' },
  {
    id: 'api.md#1/locale-segment',
    section: S1,
    summary: 'The base address may carry a locale segment before /api/action/; the same operations exist under it.',
  },
  { id: 'api.md#2/resource-id-uuid', section: S2, summary: 'resource_id is a UUID-formatted identifier.' },
  { id: 'api.md#2/sql-table-name', section: S2, summary: 'In SQL the resource_id is the table name, double-quoted in FROM.' },
  { id: 'api.md#2/records-array', section: S2, summary: 'Records come back as an array named records inside result.' },
  { id: 'api.md#2/per-resource-columns', section: S2, summary: 'Record fields are the columns of the resource (per resource).' },
  { id: 'api.md#4.1/path', section: S41, summary: 'The path is /api/action/datastore_search.' },
  { id: 'api.md#4.1/post', section: S41, summary: 'POST with a JSON body is supported.' },
  { id: 'api.md#4.1/get', section: S41, summary: 'GET with a query string is supported too.' },
  { id: 'api.md#4.1/post-headers', section: S41, summary: 'A POST sends Content-Type: application/json and Authorization.' },
  { id: 'api.md#4.1/get-params', section: S41, summary: 'With GET the parameters are query-string parameters.' },
  { id: 'api.md#4.1/resource-id', section: S41, summary: 'resource_id (UUID) is required and names the resource queried.' },
  { id: 'api.md#4.1/limit', section: S41, summary: 'limit caps the number of records returned.' },
  { id: 'api.md#4.1/limit-get-first-n', section: S41, summary: 'A GET with limit=<n> returns the first n records.' },
  { id: 'api.md#4.1/q', section: S41, summary: 'q is free text: records containing the text in any field.' },
  { id: 'api.md#4.1/filters', section: S41, summary: 'filters maps a field name to a value or an array of values.' },
  {
    id: 'api.md#4.1/filters-rule-1',
    section: S41,
    summary: 'A field mapped to an array matches records whose field equals any one of the values (either-or).',
  },
  { id: 'api.md#4.1/filters-rule-2', section: S41, summary: 'A field mapped to one string matches records whose field equals it.' },
  { id: 'api.md#4.1/filters-rule-3', section: S41, summary: 'Several fields in filters must all match (and).' },
  { id: 'api.md#4.1/response-records', section: S41, summary: 'The answer is a JSON object whose result.records is an array of record objects.' },
  { id: 'api.md#4.1/shape-post-limit-q', section: S41, summary: 'Call shape: POST body with resource_id, limit and q.' },
  { id: 'api.md#4.1/shape-post-filters', section: S41, summary: 'Call shape: POST body with resource_id and filters (string or array of strings).' },
  { id: 'api.md#4.1/shape-get-limit', section: S41, summary: 'Call shape: GET ?resource_id=<id>&limit=<n>.' },
  { id: 'api.md#4.1/shape-get-q', section: S41, summary: 'Call shape: GET ?resource_id=<id>&q=<text>.' },
  { id: 'api.md#4.2/path', section: S42, summary: 'The path is /api/action/datastore_search_sql.' },
  { id: 'api.md#4.2/post', section: S42, summary: 'POST with a JSON body is supported.' },
  { id: 'api.md#4.2/get', section: S42, summary: 'GET with a query string is supported too.' },
  { id: 'api.md#4.2/post-headers', section: S42, summary: 'A POST sends Content-Type: application/json and Authorization.' },
  { id: 'api.md#4.2/sql', section: S42, summary: 'sql (required) is an SQL SELECT statement.' },
  { id: 'api.md#4.2/sql-table-quoted', section: S42, summary: 'The table name is the resource_id in double quotes.' },
  { id: 'api.md#4.2/sql-like', section: S42, summary: 'A WHERE clause may compare a column with LIKE.' },
  { id: 'api.md#4.2/response-records', section: S42, summary: 'The answer has result.records, an array of record objects.' },
  { id: 'api.md#4.2/shape-get', section: S42, summary: 'Call shape: GET ?sql=<url-encoded statement>.' },
  { id: 'api.md#5/bare-token', section: S5, summary: 'Requests carry Authorization: <API token>, the bare token with no scheme word.' },
  { id: 'api.md#5/get-no-token', section: S5, summary: 'GET calls carry no token in the query string.' },
]);
