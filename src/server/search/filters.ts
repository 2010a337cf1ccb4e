// Column-type facts the search statement depends on.

/** PostgreSQL array types are named with a leading underscore (_text, _int4); CKAN also accepts `int[]`. */
export function isArrayType(type: string): boolean {
  return type.startsWith('_') || type.endsWith('[]');
}
