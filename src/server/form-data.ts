// Form and query-string decoding as Werkzeug does it: `&`-separated pairs, `+` as space, percent-decoding
// as UTF-8 with replacement, blank values kept; and a small multipart/form-data reader.

/** One decoded name/value pair; files from multipart bodies carry their file name. */
export interface FormField {
  name: string;
  value: string;
  filename?: string;
}

/** Decodes `a=1&b=x+y&c` into pairs, in order (urllib.parse.parse_qsl with keep_blank_values). */
export function parseUrlEncoded(text: string): FormField[] {
  const fields: FormField[] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    const rawName = equals === -1 ? piece : piece.slice(0, equals);
    const rawValue = equals === -1 ? '' : piece.slice(equals + 1);
    fields.push({ name: unquotePlus(rawName), value: unquotePlus(rawValue) });
  }
  return fields;
}

function unquotePlus(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  if (!spaced.includes('%')) return spaced;
  const bytes: number[] = [];
  for (let i = 0; i < spaced.length; i += 1) {
    const hex = spaced.slice(i + 1, i + 3);
    if (spaced[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
      continue;
    }
    const code = spaced.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(code);
    for (const byte of Buffer.from(char, 'utf8')) bytes.push(byte);
    i += char.length - 1;
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Groups pairs into CKAN's "mixed" dict: a key seen once maps to its string, a repeated key to the
 * list of its strings, keys in first-seen order.
 */
export function mixFields(fields: readonly FormField[]): Record<string, unknown> {
  const grouped = new Map<string, string[]>();
  for (const field of fields) {
    const values = grouped.get(field.name);
    if (values === undefined) grouped.set(field.name, [field.value]);
    else values.push(field.value);
  }
  const out: Record<string, unknown> = {};
  for (const [name, values] of grouped) {
    const value = values.length === 1 ? values[0] : values;
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Reads a multipart/form-data body into fields (files carry `filename`). Malformed parts are skipped,
 * as Werkzeug's parser does not fail the request for them.
 */
export function parseMultipart(body: Buffer, boundary: string): FormField[] {
  const fields: FormField[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    const field = readPart(body.subarray(partStart, next));
    if (field !== undefined) fields.push(field);
    start = next;
  }
  return fields;
}

function readPart(part: Buffer): FormField | undefined {
  const headerEnd = part.indexOf('\r\n\r\n');
  if (headerEnd === -1) return undefined;
  const headers = part.subarray(0, headerEnd).toString('utf8');
  let content = part.subarray(headerEnd + 4);
  if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2);
  const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? '';
  const name = readParameter(disposition, 'name');
  if (name === undefined) return undefined;
  const filename = readParameter(disposition, 'filename');
  const field: FormField = { name, value: content.toString('utf8') };
  if (filename !== undefined) field.filename = filename;
  return field;
}

function readParameter(header: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(header);
  if (match === null) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '');
}

/** The media type of a Content-Type header, lower-cased, without parameters ("" when absent). */
export function readMimetype(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The boundary parameter of a multipart Content-Type header. */
export function readBoundary(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}
