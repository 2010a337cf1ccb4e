// Counting statements the way CKAN's tokenizer split does: `;` outside literals, identifiers and comments.

/**
 * Number of statements in `sql`: pieces ended by a top-level `;` or by the end of the text. A piece
 * counts when it holds anything besides whitespace and comments, or ends with its own `;`
 * (so `SELECT 1;` is one statement and `SELECT 1;;` two, as CKAN's split sees them).
 */
export function countStatements(sql: string): number {
  let count = 0;
  let content = false;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const skip = skipLexeme(sql, i);
    if (skip > i) {
      // A comment is not content; a string, identifier or dollar-quoted body is.
      if (!(c === '-' || c === '/')) content = true;
      i = skip;
    } else if (c === ';') {
      count += 1;
      content = false;
      i += 1;
    } else {
      if (c !== undefined && !/\s/.test(c)) content = true;
      i += 1;
    }
  }
  return content ? count + 1 : count;
}

/** If a comment, string, quoted identifier or dollar-quoted body starts at `i`, the index after it; else `i`. */
function skipLexeme(sql: string, i: number): number {
  const c = sql[i];
  const next = sql[i + 1];
  if (c === '-' && next === '-') {
    const end = sql.indexOf('\n', i);
    return end < 0 ? sql.length : end + 1;
  }
  if (c === '/' && next === '*') return skipBlockComment(sql, i);
  if (c === "'" || c === '"') return skipQuoted(sql, i, c);
  if (c === '$') return skipDollarQuoted(sql, i);
  return i;
}

/** PostgreSQL block comments nest. */
function skipBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return sql.length;
}

/** A doubled quote inside is an escaped quote. (Backslash-quote never gets here: it is refused earlier.) */
function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return sql.length;
}

function skipDollarQuoted(sql: string, start: number): number {
  const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(start, start + 200));
  // `$1` is a parameter, and `a$b$` is part of an identifier: only a tag at a token start opens a body.
  if (tag === null || /[A-Za-z0-9_$]/.test(sql[start - 1] ?? '')) return start;
  const end = sql.indexOf(tag[0], start + tag[0].length);
  return end < 0 ? sql.length : end + tag[0].length;
}

/**
 * Keywords written like a call (`distinct(x)`, no space before the parenthesis) outside literals, identifiers
 * and comments, with their spelling as written. CKAN's tokenizer takes each for a function call and checks it
 * against the allow-list, so `count(distinct(x))` is refused there as a call to `distinct` (spec 4.2 step 6).
 */
export function findKeywordCalls(sql: string, keywords: readonly string[]): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const skip = skipLexeme(sql, i);
    if (skip > i) {
      i = skip;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i, i + 64));
    const startsWord = !/[A-Za-z0-9_$."]/.test(sql[i - 1] ?? '');
    if (word !== null && startsWord) {
      if (keywords.includes(word[0].toLowerCase()) && sql[i + word[0].length] === '(') found.push(word[0]);
      i += word[0].length;
    } else i += 1;
  }
  return found;
}
