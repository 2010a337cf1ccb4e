// What order and which rows an SQL statement promises (datastore_search_sql echoes it as `result.sql`): its
// top-level ORDER BY, LIMIT and OFFSET. Without ORDER BY, PostgreSQL returns rows in whatever order the plan yields
// (ckan-datastore.md 4.3: "No default ordering"), so two correct servers may list the same rows differently, and
// with a LIMIT but no ORDER BY they may even return different rows.

/** One lexical piece of the statement at parenthesis depth 0: a word (keyword or name), or a punctuation mark. */
interface Token {
  text: string;
  /** A double-quoted name (its text unquoted): never a keyword. */
  quoted: boolean;
}

/** What the statement's outermost query promises. */
export interface SqlPromise {
  /** The ORDER BY columns when each item is a plain (possibly quoted or qualified) column name; `[]` without ORDER BY. */
  orderKeys: string[];
  /** It has an ORDER BY that is not only plain column names (expressions, positions): every position counts. */
  orderStrict: boolean;
  /** It cuts the rows with LIMIT or FETCH at the top level. */
  limited: boolean;
  /** It skips rows with OFFSET at the top level. */
  offset: boolean;
}

const WORD = /[A-Za-z_][\w$]*/y;

/** The tokens of `sql` at parenthesis depth 0, strings, comments and nested parts left out. */
function topLevelTokens(sql: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let at = 0;
  while (at < sql.length) {
    const char = sql[at] ?? '';
    const next = sql[at + 1] ?? '';
    if (char === '-' && next === '-') at = endOf(sql, '\n', at + 2);
    else if (char === '/' && next === '*') at = endOf(sql, '*/', at + 2);
    else if (char === "'") at = endOfQuoted(sql, "'", at + 1);
    else if (char === '$' && /^\$[A-Za-z_]?\w*\$/.test(sql.slice(at))) {
      const tag = /^\$[A-Za-z_]?\w*\$/.exec(sql.slice(at))?.[0] ?? '$$';
      at = endOf(sql, tag, at + tag.length);
    } else if (char === '"') {
      const end = endOfQuoted(sql, '"', at + 1);
      if (depth === 0) tokens.push({ text: sql.slice(at + 1, end - 1).replaceAll('""', '"'), quoted: true });
      at = end;
    } else if (char === '(' || char === ')') {
      // a nested part stands as one `(` at the top level, so `upper(a)` is not read as the name `upper`
      if (char === '(' && depth === 0) tokens.push({ text: '(', quoted: false });
      depth += char === '(' ? 1 : -1;
      at += 1;
    } else {
      WORD.lastIndex = at;
      const word = WORD.exec(sql)?.[0];
      if (word !== undefined) {
        if (depth === 0) tokens.push({ text: word, quoted: false });
        at += word.length;
      } else {
        if (depth === 0 && /\S/.test(char)) tokens.push({ text: char, quoted: false });
        at += 1;
      }
    }
  }
  return tokens;
}

function endOf(sql: string, closing: string, from: number): number {
  const end = sql.indexOf(closing, from);
  return end < 0 ? sql.length : end + closing.length;
}

/** The position after a quoted text that started before `from`, a doubled quote being part of it. */
function endOfQuoted(sql: string, quote: string, from: number): number {
  let at = from;
  while (at < sql.length) {
    if (sql[at] === quote) {
      if (sql[at + 1] !== quote) return at + 1;
      at += 2;
    } else at += 1;
  }
  return sql.length;
}

const isKeyword = (token: Token | undefined, word: string): boolean => token !== undefined && !token.quoted && token.text.toLowerCase() === word;
const ORDER_END = new Set(['limit', 'offset', 'fetch', 'for', 'union', 'intersect', 'except', ';']);
const DIRECTION = new Set(['asc', 'desc']);

/** The column an ORDER BY item names, or undefined when it is anything but `[table.]column [ASC|DESC] [NULLS FIRST|LAST]`. */
function readOrderItem(item: readonly Token[]): string | undefined {
  let end = item.length;
  if (end >= 2 && isKeyword(item[end - 2], 'nulls') && (isKeyword(item[end - 1], 'first') || isKeyword(item[end - 1], 'last'))) end -= 2;
  if (end >= 1 && DIRECTION.has((item[end - 1]?.quoted === false ? item[end - 1]?.text : '')?.toLowerCase() ?? '')) end -= 1;
  const name = item.slice(0, end);
  // `t.col` or `"t"."col"`: the column is the last part
  const parts = name.filter((_, index) => index % 2 === 0);
  const dots = name.filter((_, index) => index % 2 === 1);
  if (parts.length === 0 || parts.length > 3 || !dots.every((dot) => dot.text === '.' && !dot.quoted)) return undefined;
  const column = parts.at(-1);
  if (column === undefined || (!column.quoted && !/^[A-Za-z_]/.test(column.text))) return undefined;
  return column.quoted ? column.text : column.text.toLowerCase();
}

/** What the outermost query of `sql` promises about its rows' order and selection. */
export function readSqlPromise(sql: string): SqlPromise {
  const tokens = topLevelTokens(sql);
  const promise: SqlPromise = { orderKeys: [], orderStrict: false, limited: false, offset: false };
  for (const [index, token] of tokens.entries()) {
    if (isKeyword(token, 'limit') || isKeyword(token, 'fetch')) promise.limited = true;
    if (isKeyword(token, 'offset')) promise.offset = true;
    if (!isKeyword(token, 'order') || !isKeyword(tokens[index + 1], 'by')) continue;
    const items: Token[][] = [[]];
    for (const item of tokens.slice(index + 2)) {
      if (!item.quoted && ORDER_END.has(item.text.toLowerCase())) break;
      if (item.text === ',' && !item.quoted) items.push([]);
      else items.at(-1)?.push(item);
    }
    const keys = items.map(readOrderItem);
    if (keys.every((key): key is string => key !== undefined)) promise.orderKeys = keys;
    else promise.orderStrict = true;
  }
  return promise;
}
