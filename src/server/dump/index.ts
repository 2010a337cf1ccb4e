// The reference server's /datastore/dump/<id>: CKAN's download of a whole table (or a slice of it) as CSV, TSV,
// JSON or XML, built on the server's own datastore_search as CKAN builds it on its action.
export { routeDump } from './route.ts';
