// Sampling target A: each resource's fields and the values that occur in them, read with one datastore_search,
// so that generated filters, q words and LIKE patterns hit real data (and absent values are known absent).
import { HttpError, type HttpClient } from '../../http/index.ts';
import { KitError, KitErrorCode } from '../../errors.ts';
import { isPlainObject } from '../../util/json.ts';
import type { SampledField, SampledResource } from './types.ts';

/** Records read per resource to find values. */
export const SAMPLE_RECORDS = 100;
const MAX_VALUES = 12;
const MAX_WORDS = 24;
const MAX_PHRASES = 6;

/** Where and how to ask target A. */
export interface SampleTarget {
  url: string;
  token: string | undefined;
  /** Logical name -> resource id on target A. */
  resources: Readonly<Record<string, string>>;
}

/**
 * Reads SAMPLE_RECORDS records of each resource from target A. A resource that does not answer with records is
 * left out; KitError E_ENV (exit 3) when none does, naming the first reason.
 */
export async function sampleResources(client: HttpClient, target: SampleTarget, names: readonly string[]): Promise<SampledResource[]> {
  const sampled: SampledResource[] = [];
  const reasons: string[] = [];
  for (const name of names) {
    const id = target.resources[name];
    if (id === undefined) continue;
    const outcome = await sampleOne(client, target, name, id);
    if (typeof outcome === 'string') reasons.push(`resources.${name}: ${outcome}`);
    else sampled.push(outcome);
  }
  if (sampled.length === 0 && reasons[0] === undefined) {
    // why: a URL target without --profile names no resource at all; that is the user's input, not the target
    throw new KitError(
      KitErrorCode.usage,
      'cannot generate requests: the two profiles name no resource in common (give each --target a profile with its resources, e.g. --profile profiles/site.yaml; `datastore-kit probe` writes one)',
    );
  }
  if (sampled.length === 0) throw new KitError(KitErrorCode.environment, `cannot sample data to generate requests from (${reasons[0]})`);
  return sampled;
}

async function sampleOne(client: HttpClient, target: SampleTarget, name: string, id: string): Promise<SampledResource | string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (target.token !== undefined) headers['authorization'] = target.token;
  const url = `${target.url.replace(/\/+$/, '')}/api/3/action/datastore_search`;
  let text: string;
  try {
    const response = await client.send({ method: 'POST', url, headers, body: JSON.stringify({ resource_id: id, limit: SAMPLE_RECORDS }) });
    text = response.body;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the answer is not JSON';
  }
  const result = isPlainObject(body) && body['success'] === true ? body['result'] : undefined;
  if (!isPlainObject(result) || !Array.isArray(result['fields']) || !Array.isArray(result['records'])) return 'no records in the answer';
  const total = typeof result['total'] === 'number' ? result['total'] : result['records'].length;
  return { name, total, fields: readFields(result['fields'], result['records']) };
}

function readFields(fields: unknown[], records: unknown[]): SampledField[] {
  const out: SampledField[] = [];
  for (const field of fields) {
    if (!isPlainObject(field) || typeof field['id'] !== 'string') continue;
    const id = field['id'];
    const type = typeof field['type'] === 'string' ? field['type'] : 'text';
    const values = new Set<string | number | boolean>();
    const words = new Set<string>();
    const phrases = new Set<string>();
    for (const record of records) {
      const value = isPlainObject(record) ? record[id] : Array.isArray(record) ? record[fields.indexOf(field)] : undefined;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        if (values.size < MAX_VALUES) values.add(value);
      }
      if (typeof value === 'string' && type === 'text') {
        const found = value.match(/\p{L}{4,}/gu) ?? [];
        for (const word of found) if (words.size < MAX_WORDS) words.add(word);
        const [first, second] = [...new Set(found)];
        if (first !== undefined && second !== undefined && phrases.size < MAX_PHRASES) phrases.add(`${first} ${second}`);
      }
    }
    out.push({ id, type, values: [...values], words: [...words], ...(phrases.size === 0 ? {} : { phrases: [...phrases] }) });
  }
  return out;
}
