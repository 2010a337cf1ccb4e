// The reference server's datastore_search_sql: a single read-only SELECT, checked on PostgreSQL's own parse
// (libpg-query) before it runs read-only on the engine, answered as CKAN 2.11 does.
export { datastoreSearchSql } from './action.ts';
export { loadAllowedFunctions } from './allow-list.ts';
