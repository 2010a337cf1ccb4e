// JSON lines: one request an object a line, in the kit's recording format (`{method, path, request: {headers, auth,
// body}, response}`, test/ckan-recordings/README.md) or the plain `{method, url|path, headers?, body?}` form, whose
// body may be the text sent or a JSON value (sent as JSON).
import { isPlainObject } from '../util/json.ts';
import { toParsedEntry } from './api-target.ts';
import type { ParsedEntry } from './types.ts';

/** A problem with one line: the JSON pointer of the bad member and what is wrong (no value of the line is quoted). */
export interface LineProblem {
  problem: string;
  pointer: string;
}

function readHeaders(value: unknown, pointer: string): Array<[string, string]> | LineProblem {
  if (value === undefined) return [];
  if (!isPlainObject(value)) return { pointer, problem: 'must be an object of header names and values' };
  const headers: Array<[string, string]> = [];
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== 'string') return { pointer: `${pointer}/${name}`, problem: 'must be a string' };
    headers.push([name, text]);
  }
  return headers;
}

function readBody(value: unknown, pointer: string): { text: string; json: boolean } | LineProblem {
  if (value === undefined || value === null) return { text: '', json: false };
  if (typeof value === 'string') return { text: value, json: false };
  if (typeof value === 'object') return { text: JSON.stringify(value), json: true };
  return { pointer, problem: 'must be the body text or a JSON object or array' };
}

/** One line of a JSON lines file. */
export function parseJsonLine(line: string): ParsedEntry | LineProblem {
  if (line.trim() === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { pointer: '', problem: 'is not JSON (one request object a line)' };
  }
  if (!isPlainObject(value)) return { pointer: '', problem: 'must be a request object ({method, url|path, body})' };
  const recorded = value['request'];
  if (recorded !== undefined && !isPlainObject(recorded)) return { pointer: '/request', problem: 'must be an object ({headers, body})' };
  const method = value['method'];
  if (typeof method !== 'string') return { pointer: '/method', problem: 'must be a string (GET or POST)' };
  const target = value['path'] ?? value['url'];
  if (typeof target !== 'string') return { pointer: value['path'] === undefined ? '/url' : '/path', problem: 'must be a string: give the path or the URL' };
  const where = recorded === undefined ? '' : '/request';
  const headers = readHeaders(recorded === undefined ? value['headers'] : recorded['headers'], `${where}/headers`);
  if ('problem' in headers) return headers;
  const body = readBody(recorded === undefined ? value['body'] : recorded['body'], `${where}/body`);
  if ('problem' in body) return body;
  const auth = recorded === undefined ? value['auth'] : recorded['auth'];
  const typed = headers.some(([name]) => name.toLowerCase() === 'content-type');
  // why: a body given as a JSON value is sent as JSON, as a client would send it
  const withType: Array<[string, string]> = body.json && !typed ? [...headers, ['content-type', 'application/json']] : headers;
  return toParsedEntry({ method, target, headers: withType, body: body.text, auth: auth === true });
}
