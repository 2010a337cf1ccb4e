// Parts of an answer whose text is not the answer's content: the SQL statement CKAN shows in an error's info (its
// layout, placeholders and `LIMIT <rows_max + 1>` are the release's and the deployment's), and JSONP's padding
// around the JSON envelope (`cb(...)`, `/**/`, the final `;`, spacing and key order).
import { isPlainObject } from '../util/json.ts';
import { getChild } from '../util/json-pointer.ts';
import { parseNonFiniteJson } from '../util/non-finite-json.ts';
import { withKey } from './json-edit.ts';

/** Marker written where `error.info.statement` was. */
export const STATEMENT_VALUE = '<statement>';
/** The key a JSONP answer's callback name is kept under, beside the envelope's own keys. */
export const JSONP_KEY = '<jsonp callback>';

/** The body with `error.info.statement` replaced by STATEMENT_VALUE; the same value when it has none. */
export function hideStatement(body: unknown): unknown {
  const error = getChild(body, 'error');
  const info = getChild(error, 'info');
  if (!isPlainObject(body) || !isPlainObject(error) || !isPlainObject(info) || !Object.hasOwn(info, 'statement')) return body;
  return withKey(body, 'error', withKey(error, 'info', withKey(info, 'statement', STATEMENT_VALUE)));
}

const JSONP = /^\s*(?:\/\*\*\/\s*)?([\w$.]+)\s*\(([\s\S]*)\)\s*;?\s*$/;

/** A JSONP text as its JSON envelope with the callback under JSONP_KEY; the same value when it is not JSONP of an object. */
export function unwrapJsonp(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const match = JSONP.exec(body);
  if (match === null) return body;
  const inner = parseJson(match[2] ?? '');
  if (!isPlainObject(inner)) return body;
  return withKey(inner, JSONP_KEY, match[1] ?? '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return parseNonFiniteJson(text)?.value;
  }
}
