// Builds CKAN's input dict for an action from one request, in CKAN 2.11's order (views/api.py
// _get_request_data): form data on POST, else the query string, else a JSON body; it must be a dict.
import { mixFields, parseMultipart, parseUrlEncoded, readBoundary, readMimetype, type FormField } from './form-data.ts';
import { parsePyJson, pyReprString, reprPy, toJsValue, type PyValue } from './python/index.ts';
import { isPlainObject } from '../util/json.ts';

/** The parts of a request the input dict is built from. */
export interface DecodeInput {
  method: string;
  contentType: string | undefined;
  body: Buffer;
  queryString: string;
  /**
   * Whether a body of another content type is refused with 415 (Werkzeug 2.3, CKAN 2.11+). When false (CKAN up
   * to 2.10, Werkzeug 2.0), such a body reads as JSON None, which is not a dictionary (400).
   */
  refuseOtherMediaTypes?: boolean;
}

/** The input dict, or how CKAN refuses the request before the action runs. */
export type DecodeOutcome =
  | { kind: 'params'; params: Record<string, unknown> }
  /** 400 with a bare JSON string; `message` is the text after "Bad request - ". */
  | { kind: 'bad-request'; message: string }
  /** 415: a body whose content type is neither form data nor JSON (rendered as an HTML page). */
  | { kind: 'unsupported-media-type' };

const formMimetypes: ReadonlySet<string> = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** Decodes the input dict of a side-effect-free action (both read actions are). */
export function decodeActionInput(input: DecodeInput): DecodeOutcome {
  const mimetype = readMimetype(input.contentType);
  const form = formMimetypes.has(mimetype) ? readForm(input.body, mimetype, input.contentType) : { fields: [], files: [] };
  const query = parseUrlEncoded(input.queryString);
  let decoded: DecodeOutcome | { kind: 'value'; value: PyValue };
  if ((input.method === 'POST' || input.method === 'PUT') && form.fields.length > 0) {
    decoded = decodeForm(form.fields);
  } else if (query.length > 0) {
    decoded = { kind: 'params', params: mixFields(query) };
  } else if (input.body.length > 0 && !formMimetypes.has(mimetype)) {
    decoded = decodeJsonBody(input.body, mimetype, input.refuseOtherMediaTypes ?? true);
  } else {
    decoded = { kind: 'params', params: {} };
  }
  if (decoded.kind === 'value') {
    if (decoded.value.type !== 'dict') return notADictionary(reprPy(decoded.value));
    const value = toJsValue(decoded.value);
    decoded = { kind: 'params', params: isPlainObject(value) ? value : {} };
  }
  if (decoded.kind === 'params') addFiles(decoded.params, form.files);
  return decoded;
}

function readForm(body: Buffer, mimetype: string, contentType: string | undefined): { fields: FormField[]; files: FormField[] } {
  if (mimetype === 'application/x-www-form-urlencoded') return { fields: parseUrlEncoded(body.toString('utf8')), files: [] };
  const boundary = readBoundary(contentType);
  const parts = boundary === undefined ? [] : parseMultipart(body, boundary);
  return { fields: parts.filter((p) => p.filename === undefined), files: parts.filter((p) => p.filename !== undefined) };
}

function decodeForm(fields: readonly FormField[]): DecodeOutcome | { kind: 'value'; value: PyValue } {
  const names = [...new Set(fields.map((f) => f.name))];
  const firstValue = fields[0]?.value;
  // why: the legacy rule: `curl -d '{"resource_id": ...}'` sends the JSON as the only form key, valued ""
  if (names.length === 1 && (firstValue === '' || firstValue === '1')) {
    const parsed = parsePyJson(names[0] ?? '');
    if (!parsed.ok) return badJson(`JSONDecodeError(${pyReprString(parsed.message)})`);
    return { kind: 'value', value: parsed.value };
  }
  return { kind: 'params', params: mixFields(fields) };
}

function decodeJsonBody(body: Buffer, mimetype: string, refuseOthers: boolean): DecodeOutcome | { kind: 'value'; value: PyValue } {
  // why: Werkzeug's is_json: application/json or application/*+json; anything else raises 415 (2.0: returns None)
  const isJson = mimetype === 'application/json' || (mimetype.startsWith('application/') && mimetype.endsWith('+json'));
  if (!isJson) return refuseOthers ? { kind: 'unsupported-media-type' } : notADictionary('None');
  const text = decodeUtf8(body);
  const parsed = text === undefined ? undefined : parsePyJson(text);
  if (parsed === undefined || !parsed.ok) return badJson("<BadRequest '400: Bad Request'>");
  return { kind: 'value', value: parsed.value };
}

function decodeUtf8(body: Buffer): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
    return text;
  } catch {
    return undefined;
  }
}

function badJson(errorRepr: string): DecodeOutcome {
  return {
    kind: 'bad-request',
    message: `JSON Error: Error decoding JSON data. Error: ${errorRepr} JSON data extracted from the request: {}`,
  };
}

function notADictionary(repr: string): DecodeOutcome {
  return { kind: 'bad-request', message: `JSON Error: Request data JSON decoded to ${repr} but it needs to be a dictionary.` };
}

function addFiles(params: Record<string, unknown>, files: readonly FormField[]): void {
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.name)) continue;
    seen.add(file.name);
    Object.defineProperty(params, file.name, { value: file.value, enumerable: true, writable: true, configurable: true });
  }
}
