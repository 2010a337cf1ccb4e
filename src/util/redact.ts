// Keeps secrets out of every output: tokens and the credentials of a URL (`http://user:password@host`) are
// replaced wherever they appear (results, messages, echoed bodies, manifests), in their escaped forms too.

/** What a secret is replaced with, everywhere (headers, curl commands, URLs, echoed bodies). */
export const REDACTED = '***';

/**
 * Header names (any case) whose values are credentials: masked in every output, and never kept from recorded
 * traffic (`--requests`). The one list: the HTTP client's curl, the reporters and the traffic readers use it.
 */
export const SECRET_HEADER_NAMES: readonly string[] = Object.freeze(['authorization', 'proxy-authorization', 'cookie', 'x-ckan-api-key']);

/** Query parameters (any case) that carry a credential in a URL (CKAN's old `api_key`, proxies' `token`): dropped from recorded traffic. */
export const SECRET_QUERY_PARAMETERS: readonly string[] = Object.freeze(['api_key', 'apikey', 'token', 'access_token']);

/** Whether `name` is one of SECRET_HEADER_NAMES (or of `extra`), compared case-insensitively. */
export function isSecretHeader(name: string, extra: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADER_NAMES.includes(lower) || extra.some((other) => other.toLowerCase() === lower);
}

/** A copy of `headers` with the value of every secret header (SECRET_HEADER_NAMES and `extra`) replaced by `***`. */
export function redactHeaders(headers: Readonly<Record<string, string>>, extra: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = isSecretHeader(name, extra) ? REDACTED : value;
  return out;
}

// why: the names are lower-case letters and hyphens, nothing a pattern must escape
const secretCurlHeader = new RegExp(`((?:-H|--header)\\s+(['"]))(${SECRET_HEADER_NAMES.join('|')})(\\s*:)[^'"\\n]*`, 'gi');

/**
 * Masks secret header values inside a curl command, in case a redaction before missed one:
 * `-H 'Authorization: abc'` becomes `-H 'Authorization: ***'`.
 */
export function redactCurl(curl: string): string {
  return curl.replace(secretCurlHeader, (_match, prefix: string, _quote: string, name: string, colon: string) => `${prefix}${name}${colon} ${REDACTED}`);
}

// scheme://userinfo@ — userinfo stops at the first character a URL's authority cannot hold before the host.
const urlUserinfo = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@"'<>`\\]+)@/gi;

/**
 * Masks the credentials of every URL in `text`: `http://user:password@host` becomes `http://user:***@host`;
 * a lone user name (`https://TOKEN@host`, often a token) becomes `https://***@host`. Other text is kept.
 */
export function maskUrlCredentials(text: string): string {
  return text.replace(urlUserinfo, (_match, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return colon === -1 ? `${scheme}${REDACTED}@` : `${scheme}${userinfo.slice(0, colon)}:${REDACTED}@`;
  });
}

/**
 * The secrets a URL carries, to redact wherever they appear on their own (e.g. echoed in a body): its password,
 * or its user name when there is no password. Both as written and percent-decoded. None for an invalid URL.
 */
export function urlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const secret = parsed.password !== '' ? parsed.password : parsed.username;
  return secret === '' ? [] : [...new Set([secret, safeDecode(secret)])];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The forms a secret may take when a target echoes it back: JSON string, URL (query or form) and HTML escapes. */
function escapedForms(secret: string): string[] {
  const uri = encodeURIComponent(secret);
  const html = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const htmlQuotes = [
    html.replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
    html.replace(/"/g, '&#34;').replace(/'/g, '&#x27;'),
    html.replace(/"/g, '&#x22;').replace(/'/g, '&apos;'),
  ];
  return [
    secret,
    JSON.stringify(secret).slice(1, -1),
    uri,
    uri.replace(/%[0-9A-F]{2}/g, (escaped) => escaped.toLowerCase()),
    uri.replace(/%20/g, '+'),
    encodeURI(secret),
    ...htmlQuotes,
  ];
}

/**
 * Returns a function that redacts a JSON-like value: every occurrence of the secrets (and their escaped forms)
 * in any string or key becomes `***`, and so do the credentials of any URL in it.
 */
export function createRedactor(secrets: readonly (string | undefined)[]): <T>(value: T) => T {
  const list = secrets.filter((s): s is string => s !== undefined && s.length > 0);
  // longest first, so a secret's escaped form is replaced whole before a shorter form could split it
  const needles = [...new Set(list.flatMap(escapedForms))].filter((n) => n !== '').sort((a, b) => b.length - a.length);
  const redactText = (text: string): string => {
    // why: most strings hold no secret and no URL credentials; they are kept as they are, uncopied
    if (!text.includes('@') && !needles.some((needle) => text.includes(needle))) return text;
    return maskUrlCredentials(needles.reduce((t, n) => t.split(n).join(REDACTED), text));
  };
  // Copy on write: a value comes back as the same object unless something in it was masked. Nothing is allocated
  // for a value that holds no secret (every case of a run passes through here).
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return redactText(value);
    if (Array.isArray(value)) return walkArray(value);
    if (typeof value === 'object' && value !== null) return walkObject(value as Record<string, unknown>);
    return value;
  };
  const walkArray = (value: readonly unknown[]): readonly unknown[] => {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = walk(value[i]);
      if (copy === undefined && item !== value[i]) copy = value.slice(0, i);
      copy?.push(item);
    }
    return copy ?? value;
  };
  const walkObject = (value: Record<string, unknown>): Record<string, unknown> => {
    let copy: [string, unknown][] | undefined;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const maskedKey = redactText(key);
      const masked = walk(value[key]);
      // why: the members before this one were all kept as they are
      if (copy === undefined && (maskedKey !== key || masked !== value[key])) copy = ownEntriesBefore(value, key);
      copy?.push([maskedKey, masked]);
    }
    return copy === undefined ? value : Object.fromEntries(copy);
  };
  // why: walk() keeps the same JSON shape with strings replaced, so the input type still holds
  return <T>(value: T): T => walk(value) as T;
}

/** The own enumerable members of `value` that come before `key`, in order. */
function ownEntriesBefore(value: Record<string, unknown>, key: string): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const earlier in value) {
    if (earlier === key) break;
    if (Object.hasOwn(value, earlier)) entries.push([earlier, value[earlier]]);
  }
  return entries;
}
