// How each CKAN release trait shows in an answer: the change it makes, told by the change's kind and place, the
// request and the values that differ. A change is explained by a trait between the two releases whose symptom it
// matches; a trait without a symptom here is listed among the CKAN changes of the range, never matched.
import type { ChangeKind } from '../schema/upgrade-report.ts';
import type { ChangeSignature } from './classify.ts';

/** What a symptom looks at: the change and the request (in logical names, as the report shows it). */
export interface SymptomInput extends ChangeSignature {
  request: string;
}

type Symptom = (input: SymptomInput) => boolean;

const isSql = (input: SymptomInput): boolean => input.request.includes('datastore_search_sql');
/** Whether the request names a parameter: `"name":` in a JSON body, `name=` in a query string. */
const asks = (input: SymptomInput, name: string): boolean => input.request.includes(`"${name}"`) || new RegExp(`[?&]${name}=`).test(input.request);
const isKind = (input: SymptomInput, ...kinds: ChangeKind[]): boolean => kinds.includes(input.kind);
const touchesKey = (input: SymptomInput, ...keys: string[]): boolean =>
  isKind(input, 'key-added', 'key-removed', 'value-changed') && keys.some((key) => input.what === key || input.what.startsWith(`${key}/`));
const statusInvolves = (input: SymptomInput, status: number): boolean => input.kind === 'status' && new RegExp(`\\b${status}\\b`).test(input.what);
/** Whether a value on either side of a difference (as JSON text) matches. */
const valuesMatch = (input: SymptomInput, pattern: RegExp): boolean =>
  input.differences.some((d) =>
    [d.expected, d.actual, ...(d.changes ?? []).flatMap((c) => [c.expected, c.actual])].some((v) => pattern.test(JSON.stringify(v) ?? '')),
  );
const recordValues = (input: SymptomInput): Array<[unknown, unknown]> =>
  input.differences.flatMap((d) => (d.changes ?? []).filter((c) => 'expected' in c && 'actual' in c).map((c): [unknown, unknown] => [c.expected, c.actual]));
/** Whether the change is in which records answer: a new status, other records, another total. */
const selectsOthers = (input: SymptomInput): boolean =>
  input.kind === 'status' || input.kind === 'total' || (input.kind === 'records' && input.what.includes('other records'));
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/;
/** A filters object holding a value that is not text: a number, a boolean or null (`"filters":{"title":25}`). */
const NON_TEXT_FILTER = /filters"?\s*[:=]\s*\{[^}]*:\s*(?:-?\d|true\b|false\b|null\b)/;

/** Trait id -> its symptom. Ids are those of src/schema/ckan-traits/ (a test keeps them so). */
export const SYMPTOMS: Readonly<Record<string, Symptom>> = {
  'backslash-quote-refused': (i) => isSql(i) && i.request.includes("\\'"),
  'bad-request-colon': (i) => isKind(i, 'body', 'status') && valuesMatch(i, /Bad request[:-]/),
  'cached-row-count': (i) => i.kind === 'total' && !asks(i, 'filters') && !asks(i, 'q') && !asks(i, 'distinct'),
  'copy-mogrify-list': (i) => statusInvolves(i, 500) && /records_format["=:\s]+"?(csv|tsv)/.test(i.request),
  'datastore-auth-refusal': (i) => isKind(i, 'error-message', 'status') && valuesMatch(i, /not authorized/i),
  'distinct-after-limit': (i) => asks(i, 'distinct') && isKind(i, 'records', 'total'),
  'filter-operators': (i) =>
    asks(i, 'filters') && (selectsOthers(i) || touchesKey(i, '/result/filterops') || (i.kind === 'error-message' && i.what.includes('/error/filters'))),
  'full-text-param': (i) => asks(i, 'full_text'),
  'jsonp-user-none': (i) => asks(i, 'callback') && isKind(i, 'error-message', 'body', 'status'),
  'limit-always-echoed': (i) => touchesKey(i, '/result/limit'),
  'lists-null-rows-dropped': (i) => /records_format["=:\s]+"?(lists|csv|tsv)/.test(i.request) && isKind(i, 'records', 'total'),
  'method-not-allowed-dropped': (i) => i.kind === 'no-answer',
  'navl-flattens-object-lists': (i) => /\[\s*\{/.test(i.request) && isKind(i, 'status', 'error-message'),
  'next-page': (i) => touchesKey(i, '/result/next_page', '/result/include_next_page'),
  'pyformat-params': (i) => i.kind === 'error-message' && /\/error\/info/.test(i.what),
  'search-cte': (i) => !isSql(i) && i.kind === 'records' && (i.what.includes('another order') || asks(i, 'distinct')),
  'search-links': (i) => touchesKey(i, '/result/_links'),
  'sort-nulls-refused': (i) => /nulls\s+(first|last)/i.test(i.request) && isKind(i, 'status', 'error-message'),
  'sort-percent-unescaped': (i) => asks(i, 'sort') && /%/.test(i.request) && statusInvolves(i, 500),
  'sql-non-finite-floats-refused': (i) => isSql(i) && (statusInvolves(i, 500) || i.kind === 'body'),
  'sql-numeric-as-string': (i) =>
    isSql(i) && i.kind === 'records' && recordValues(i).some(([a, b]) => typeof a !== typeof b && String(a) !== '' && Number(a) === Number(b)),
  'sql-permission-dict': (i) => isSql(i) && isKind(i, 'error-message', 'status') && valuesMatch(i, /permissions|Access denied/),
  'sql-truncation': (i) => touchesKey(i, '/result/records_truncated'),
  'sqlalchemy-1-4-links': (i) => isSql(i) && isKind(i, 'error-message', 'status') && valuesMatch(i, /sqlalche\.me/),
  'sqlalchemy-2-0-links': (i) => isSql(i) && isKind(i, 'error-message', 'status') && valuesMatch(i, /sqlalche\.me/),
  'status-version-first': (i) => i.request.includes('status_show') && isKind(i, 'value-changed', 'key-added', 'key-removed'),
  'text-filters-stringified': (i) => NON_TEXT_FILTER.test(i.request) && (selectsOthers(i) || i.kind === 'error-message'),
  'timestamp-milliseconds': (i) =>
    i.kind === 'records' &&
    recordValues(i).some(
      ([a, b]) => typeof a === 'string' && typeof b === 'string' && TIMESTAMP.test(a) && TIMESTAMP.test(b) && (a.startsWith(b) || b.startsWith(a)),
    ),
  'total-estimation': (i) => touchesKey(i, '/result/total_estimation_threshold', '/result/total_was_estimated'),
  'unsupported-media-type-415': (i) => statusInvolves(i, 415),
};

/** Changes every upgrade makes that no trait stands for, with what the report says of them. */
export const EXPECTED_CHANGES: ReadonlyArray<{ matches: Symptom; note: string }> = [
  {
    matches: (i) => i.request.includes('status_show') && i.kind === 'value-changed' && i.what === '/result/ckan_version',
    note: 'status_show names the release it runs: every upgrade changes it',
  },
];
