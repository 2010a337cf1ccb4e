// `_links` as CKAN 2.11 builds them (_insert_links): from the request's path and query string, which
// is percent-decoded, parsed with parse_qsl (blank values dropped, the last of repeated keys wins)
// and re-encoded with urlencode.

export interface SearchLinks {
  start: string;
  next: string;
  prev?: string;
}

/** start (offset removed), next (offset + limit) and, when offset > limit, prev (offset - limit). */
export function buildLinks(path: string, queryString: string, limit: number, offset: number): SearchLinks {
  const args = parseQsl(unquote(queryString));
  const start = new Map(args);
  start.delete('offset');
  const link = (entries: Map<string, string>): string => {
    const query = [...entries].map(([key, value]) => `${quotePlus(key)}=${quotePlus(value)}`).join('&');
    return query === '' ? path : `${path}?${query}`;
  };
  const withOffset = (value: number): Map<string, string> => new Map(args).set('offset', String(value));
  const links: SearchLinks = { start: link(start), next: link(withOffset(offset + limit)) };
  if (offset - limit > 0) links.prev = link(withOffset(offset - limit));
  return links;
}

/** urllib.parse.parse_qsl without blank values: pairs in first-seen key order, last value wins. */
function parseQsl(query: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const piece of query.split('&')) {
    const equals = piece.indexOf('=');
    if (piece === '' || equals === -1 || equals === piece.length - 1) continue;
    const name = unquote(piece.slice(0, equals).replaceAll('+', ' '));
    pairs.set(name, unquote(piece.slice(equals + 1).replaceAll('+', ' ')));
  }
  return pairs;
}

/** urllib.parse.unquote: %XX sequences to UTF-8 (invalid bytes become U+FFFD); malformed ones stay. */
function unquote(text: string): string {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '%' && /^[0-9a-fA-F]{2}$/u.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      const code = text.codePointAt(index) ?? 0;
      if (code > 0xffff) index += 1;
      bytes.push(...encoder.encode(String.fromCodePoint(code)));
    }
  }
  return new TextDecoder('utf-8').decode(new Uint8Array(bytes));
}

/** urllib.parse.quote_plus with safe='': only A-Z a-z 0-9 _ . - ~ stay, space becomes "+". */
function quotePlus(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    if (/^[A-Za-z0-9_.\-~]$/u.test(char)) out += char;
    else if (char === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
