// HAR files (HTTP Archive 1.2, as browsers' developer tools and proxies save them): each entry's request (method,
// URL, headers, posted text or form parameters) as a request to replay. Responses and cookies are not read.
import { isPlainObject } from '../util/json.ts';
import { toParsedEntry } from './api-target.ts';
import type { LineProblem } from './jsonl.ts';
import type { ParsedEntry } from './types.ts';

function readHeaders(value: unknown, pointer: string): Array<[string, string]> | LineProblem {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return { pointer, problem: 'must be an array of {name, value}' };
  const headers: Array<[string, string]> = [];
  for (const [index, header] of value.entries()) {
    const name = isPlainObject(header) ? header['name'] : undefined;
    const text = isPlainObject(header) ? header['value'] : undefined;
    if (typeof name !== 'string' || typeof text !== 'string') return { pointer: `${pointer}/${index}`, problem: 'must be {name, value} with two strings' };
    headers.push([name, text]);
  }
  return headers;
}

/** The posted text: postData.text, else its form `params` encoded as a form; with postData.mimeType. */
function readPostData(value: unknown, pointer: string): { text: string; mimeType: string | undefined } | LineProblem {
  if (value === undefined) return { text: '', mimeType: undefined };
  if (!isPlainObject(value)) return { pointer, problem: 'must be an object ({mimeType, text})' };
  const mimeType = typeof value['mimeType'] === 'string' ? value['mimeType'] : undefined;
  if (typeof value['text'] === 'string') return { text: value['text'], mimeType };
  const params = value['params'];
  if (!Array.isArray(params)) return { text: '', mimeType };
  const form = new URLSearchParams();
  for (const param of params) {
    if (isPlainObject(param) && typeof param['name'] === 'string') form.append(param['name'], typeof param['value'] === 'string' ? param['value'] : '');
  }
  return { text: form.toString(), mimeType: mimeType ?? 'application/x-www-form-urlencoded' };
}

/** One element of log.entries (already parsed JSON); `pointer` is its place, e.g. /log/entries/3. */
export function parseHarEntry(entry: unknown, pointer: string): ParsedEntry | LineProblem {
  const request = isPlainObject(entry) ? entry['request'] : undefined;
  if (!isPlainObject(request)) return { pointer: `${pointer}/request`, problem: 'must be an object ({method, url, headers})' };
  const { method, url } = request;
  if (typeof method !== 'string') return { pointer: `${pointer}/request/method`, problem: 'must be a string' };
  if (typeof url !== 'string') return { pointer: `${pointer}/request/url`, problem: 'must be a string' };
  const headers = readHeaders(request['headers'], `${pointer}/request/headers`);
  if ('problem' in headers) return headers;
  const posted = readPostData(request['postData'], `${pointer}/request/postData`);
  if ('problem' in posted) return posted;
  const typed = headers.some(([name]) => name.toLowerCase() === 'content-type');
  const withType: Array<[string, string]> = posted.mimeType !== undefined && !typed ? [...headers, ['content-type', posted.mimeType]] : headers;
  return toParsedEntry({ method, target: url, headers: withType, body: posted.text });
}
