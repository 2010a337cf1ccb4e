// Parsing PostgreSQL's text form of arrays ({1,2}, {"a b",NULL}, {{1,2},{3,4}}, [0:1]={1,2}).

/** A parsed array: nested lists of element texts, `null` for NULL elements. */
export type PgArray = (string | null | PgArray)[];

/** Parses an array literal in PostgreSQL's output form; undefined if the text is not one. */
export function parsePgArray(text: string): PgArray | undefined {
  // Arrays with non-default lower bounds are printed with a dimension decoration first.
  const start = text.startsWith('[') ? text.indexOf('=') + 1 : 0;
  if (text[start] !== '{') return undefined;
  const state = { text, i: start };
  const value = readArray(state);
  return value !== undefined && state.i === text.length ? value : undefined;
}

interface ParseState {
  text: string;
  i: number;
}

function readArray(state: ParseState): PgArray | undefined {
  const items: PgArray = [];
  state.i += 1; // '{'
  if (state.text[state.i] === '}') {
    state.i += 1;
    return items;
  }
  for (;;) {
    const c = state.text[state.i];
    let item: string | null | PgArray | undefined;
    if (c === '{') item = readArray(state);
    else if (c === '"') item = readQuoted(state);
    else item = readBare(state);
    if (item === undefined) return undefined;
    items.push(item);
    const sep = state.text[state.i];
    state.i += 1;
    // Every built-in type but box uses ',' as the delimiter (box uses ';').
    if (sep === '}') return items;
    if (sep !== ',' && sep !== ';') return undefined;
  }
}

function readQuoted(state: ParseState): string | undefined {
  let out = '';
  state.i += 1;
  while (state.i < state.text.length) {
    const c = state.text[state.i];
    if (c === '\\') {
      out += state.text[state.i + 1] ?? '';
      state.i += 2;
    } else if (c === '"') {
      state.i += 1;
      return out;
    } else {
      out += c;
      state.i += 1;
    }
  }
  return undefined;
}

function readBare(state: ParseState): string | null | undefined {
  const begin = state.i;
  while (state.i < state.text.length && !',;}'.includes(state.text[state.i] ?? '')) state.i += 1;
  const raw = state.text.slice(begin, state.i);
  if (raw === '') return undefined;
  return raw === 'NULL' ? null : raw;
}
