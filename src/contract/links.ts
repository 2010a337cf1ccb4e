// Beyond the schema (ckan profile, 2.8–2.11): the offsets in `_links` follow from the page CKAN answered.
// CKAN's _insert_links sets `next` to offset + limit, and adds `prev` (offset − limit) only when that is > 0.
import type { Finding } from '../model/index.ts';
import type { ContractTraits } from './ckan-traits.ts';
import { getChild } from '../util/json-pointer.ts';
import { isPlainObject } from '../util/json.ts';

const RULE = 'contract.ckan';
// why 100: CKAN 2.8 echoes `limit` only when sent, and then pages by `data_dict.get('limit', 100)`.
const LIMIT_28_DEFAULT = 100;

/** Findings for `_links.next`/`prev` offsets that do not follow from `offset` and `limit`; [] when unknown. */
export function checkLinkOffsets(body: unknown, traits: ContractTraits): Finding[] {
  const result = getChild(body, 'result');
  const links = getChild(result, '_links');
  if (!traits.links || !isPlainObject(links)) return [];
  const offset = getChild(result, 'offset') ?? 0;
  const limit = getChild(result, 'limit') ?? (traits.limitAlwaysEchoed ? undefined : LIMIT_28_DEFAULT);
  if (!Number.isInteger(offset) || !Number.isInteger(limit)) return [];
  const start = Number(offset);
  const size = Number(limit);
  const findings: Finding[] = [];
  const next = readOffset(links['next']);
  if (next !== undefined && next !== start + size) {
    findings.push(offsetFinding('next', start + size, next, `offset ${start} + limit ${size}`));
  }
  const prev = readOffset(links['prev']);
  const prevExpected = start - size;
  if (prevExpected > 0 && links['prev'] === undefined) {
    findings.push({
      rule: RULE,
      path: '/result/_links',
      message: `must have "prev" (offset ${start} - limit ${size} = ${prevExpected} > 0)`,
      expected: 'prev',
    });
  } else if (prevExpected <= 0 && links['prev'] !== undefined) {
    findings.push({ rule: RULE, path: '/result/_links/prev', message: `must not be present (offset ${start} - limit ${size} = ${prevExpected}, not > 0)` });
  } else if (prev !== undefined && prev !== prevExpected) {
    findings.push(offsetFinding('prev', prevExpected, prev, `offset ${start} - limit ${size}`));
  }
  return findings;
}

function offsetFinding(link: string, expected: number, actual: number, why: string): Finding {
  return { rule: RULE, path: `/result/_links/${link}`, message: `must have offset=${expected} (${why}), has offset=${actual}`, expected, actual };
}

/** The `offset` query parameter of a relative link, when it has one that is an integer. */
function readOffset(link: unknown): number | undefined {
  if (typeof link !== 'string') return undefined;
  const query = link.split('#')[0]?.split('?')[1] ?? '';
  const value = new URLSearchParams(query).getAll('offset').at(-1);
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
}
