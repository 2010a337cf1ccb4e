// Shared helpers for datastore_search_sql tests over real HTTP.
import { join } from 'node:path';
import { expect } from 'vitest';
import { isPlainObject } from '../../src/util/json.ts';

/** The bundled fixtures folder, wherever the tests run from. */
export const fixturesDir = join(import.meta.dirname, '..', '..', 'fixtures');

export const ids = {
  courses: 'df356cc6-0e13-4ba8-bc98-c4706614881b',
  measurements: '2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a',
  staff: 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff',
  types: '618532cb-ff3b-40c9-8e30-2ab721a38603',
} as const;

export const token = 'sql-test-token';

export interface Answer {
  status: number;
  text: string;
  body: unknown;
}

export async function postAction(baseUrl: string, path: string, params: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(params),
  });
  return readAnswer(response);
}

export async function getAction(baseUrl: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Answer> {
  return readAnswer(await fetch(`${baseUrl}${pathAndQuery}`, { headers }));
}

async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, text, body };
}

/** POSTs `sql` to /api/3/action/datastore_search_sql, with the token when `authorized`. */
export function postSql(baseUrl: string, sql: unknown, authorized = false): Promise<Answer> {
  return postAction(baseUrl, '/api/3/action/datastore_search_sql', { sql }, authorized ? { authorization: token } : {});
}

export function resultOf(answer: Answer): Record<string, unknown> {
  expect(answer.status, answer.text).toBe(200);
  const result = isPlainObject(answer.body) ? answer.body['result'] : undefined;
  if (!isPlainObject(result)) throw new Error(`no result object in ${answer.text}`);
  return result;
}

export function recordsOf(answer: Answer): Record<string, unknown>[] {
  const records = resultOf(answer)['records'];
  if (!Array.isArray(records) || !records.every(isPlainObject)) throw new Error(`records is not a list of objects: ${answer.text}`);
  return records;
}

export function errorOf(answer: Answer): unknown {
  const body = answer.body;
  if (typeof body !== 'object' || body === null || !('error' in body)) throw new Error(`no error in ${answer.text}`);
  expect(body).toMatchObject({ success: false });
  return body.error;
}
