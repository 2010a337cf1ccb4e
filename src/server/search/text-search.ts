// Full-text parts of the query (q, full_text, plain, language): WHERE conditions and rank columns.
import type { FieldInfo } from './columns.ts';
import type { SearchParams } from './params.ts';
import { quoteIdentifier, type SqlParams } from './sql-text.ts';
import { isPlainObject } from '../../util/json.ts';

export interface RankColumn {
  /** `rank` or `rank <column>`. */
  id: string;
  /** ts_rank(..., 32): a float4. */
  expr: string;
}

export interface TextSearch {
  conditions: string[];
  /** Whole-row rank first, then one per object-`q` column (also the default sort order). */
  ranks: RankColumn[];
}

/** Column types that have their own full-text index in CKAN (default_fts_index_field_types). */
const indexedTypes: ReadonlySet<string> = new Set(['text', 'tsvector']);

/**
 * The whole-row query is `full_text` when given, else a string `q` (so `q` is ignored next to
 * `full_text`, as in CKAN); an object `q` adds one query per column. Empty texts are no query.
 */
export function buildTextSearch(params: SearchParams, columns: ReadonlyMap<string, FieldInfo>, sqlParams: SqlParams): TextSearch {
  const search: TextSearch = { conditions: [], ranks: [] };
  let language: string | undefined;
  const tsquery = (text: string): string => {
    language ??= sqlParams.add(params.language === undefined || params.language === '' ? 'english' : params.language);
    const fn = params.plain === false ? 'to_tsquery' : 'plainto_tsquery';
    return `${fn}(${language}::regconfig, ${sqlParams.add(text)})`;
  };
  const q = params.q;
  const wholeRow = params.fullText !== undefined && params.fullText !== '' ? params.fullText : typeof q === 'string' && q !== '' ? q : undefined;
  if (wholeRow !== undefined) {
    const query = tsquery(wholeRow);
    search.conditions.push(`"_full_text" @@ ${query}`);
    search.ranks.push({ id: 'rank', expr: `ts_rank("_full_text", ${query}, 32)` });
  }
  if (isPlainObject(q)) {
    for (const [key, value] of Object.entries(q)) {
      const query = tsquery(typeof value === 'string' ? value : '');
      const vector = `to_tsvector(${language ?? ''}::regconfig, cast(${quoteIdentifier(key)} as text))`;
      search.conditions.push(`${vector} @@ ${query}`);
      // why: CKAN also narrows through _full_text for columns without their own index; same rows, kept for fidelity
      if (!indexedTypes.has(columns.get(key)?.type ?? '')) search.conditions.push(`"_full_text" @@ ${query}`);
      search.ranks.push({ id: `rank ${key}`, expr: `ts_rank(${vector}, ${query}, 32)` });
    }
  }
  return search;
}

/** Whether any text query applies (this disables total estimation). */
export function hasTextQuery(params: SearchParams): boolean {
  const q = params.q;
  if (params.fullText !== undefined && params.fullText !== '') return true;
  return typeof q === 'string' ? q !== '' : isPlainObject(q) && Object.keys(q).length > 0;
}
