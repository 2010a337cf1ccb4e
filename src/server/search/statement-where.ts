// _where_clauses of CKAN's datastore_search, as each version writes them: `filters` (2.9/2.10 `"col" = %s` with
// values as given; 2.11 SQLAlchemy-quoted columns, text-column values as Python str(); 2.12 the operator tree),
// then the full-text conditions. Each clause is bracketed and ANDed by the caller (CKAN's _where).
import type { CkanTraits } from '../ckan-versions.ts';
import type { FieldInfo } from './columns.ts';
import { buildFilterOpClause, type FilterOp } from './filter-ops.ts';
import { isArrayType } from './filters.ts';
import type { SearchParams } from './params.ts';
import { escapePercent, identifier, literalString, type Placeholders } from './statement-parts.ts';
import { quoteSqlalchemyName } from './sqlalchemy-name.ts';
import { pyStr } from '../python/index.ts';
import { isPlainObject } from '../../util/json.ts';

/** Column types with their own full-text index in CKAN (default_fts_index_field_types). */
const indexedTypes: ReadonlySet<string> = new Set(['text', 'tsvector']);

/** The WHERE conditions, in CKAN's order; `tree` is 2.12's parsed filters. */
export function buildWhereClauses(
  params: SearchParams,
  columns: ReadonlyMap<string, FieldInfo>,
  placeholders: Placeholders,
  options: { traits: CkanTraits; tree: FilterOp | undefined },
): string[] {
  const { traits } = options;
  const typeOf = (field: string): string => columns.get(field)?.type ?? '';
  const filterClauses = traits.has('filter-operators')
    ? buildTreeClauses(options.tree, typeOf, placeholders)
    : buildFilterClauses(params.filters, typeOf, placeholders, traits);
  return [...filterClauses, ...buildTextClauses(params, typeOf, traits)];
}

function buildFilterClauses(filters: SearchParams['filters'], typeOf: (field: string) => string, placeholders: Placeholders, traits: CkanTraits): string[] {
  const entries = filters === undefined || Array.isArray(filters) ? [] : Object.entries(filters);
  const legacy = !traits.has('pyformat-params');
  return entries.map(([field, value]) => {
    const type = typeOf(field);
    // why: 2.9/2.10 write `"name"` raw (only `%` escaped); 2.11 writes str(sa.column(name))
    const column = legacy ? `"${escapePercent(field)}"` : quoteSqlalchemyName(field);
    const stringify = traits.has('text-filters-stringified') && type === 'text';
    const adapt = (item: unknown): string => placeholders.add(stringify ? pyStr(item) : item);
    if (Array.isArray(value) && !isArrayType(type)) return `${column} in (${value.map(adapt).join(',')})`;
    return `${column} = ${adapt(value)}`;
  });
}

function buildTreeClauses(tree: FilterOp | undefined, typeOf: (field: string) => string, placeholders: Placeholders): string[] {
  if (tree === undefined) return [];
  const clause = buildFilterOpClause(tree, (field, value) => placeholders.add(typeOf(field) === 'text' ? pyStr(value) : value));
  return clause === '' ? [] : [clause];
}

/** The full-text conditions; 2.10 puts `full_text` before the `q` columns, 2.11+ after them. */
function buildTextClauses(params: SearchParams, typeOf: (field: string) => string, traits: CkanTraits): string[] {
  const q = params.q;
  const fullText = traits.has('full-text-param') && params.fullText !== undefined && params.fullText !== '';
  const wholeRow = '_full_text @@ "query"';
  const columnClauses = isPlainObject(q) ? buildColumnClauses(q, params.language, typeOf) : [];
  const qClauses = typeof q === 'string' && q !== '' ? [wholeRow] : columnClauses;
  if (!fullText) return qClauses;
  if (!traits.has('pyformat-params')) return [wholeRow, ...columnClauses];
  return [...qClauses, wholeRow];
}

function buildColumnClauses(q: Record<string, unknown>, language: string | undefined, typeOf: (field: string) => string): string[] {
  const lang = literalString(language === undefined || language === '' ? 'english' : language);
  return Object.keys(q).flatMap((field) => {
    const alias = identifier(`query ${field}`);
    const vector = `to_tsvector(${lang}, cast(${identifier(field)} as text)) @@ ${alias}`;
    return indexedTypes.has(typeOf(field)) ? [vector] : [`_full_text @@ ${alias}`, vector];
  });
}
