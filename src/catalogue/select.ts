// Selects cases by tag, id, regular expression and shard. Sharding works on whole cases (all variants of a
// case stay together, since variants are compared with each other).
import { KitError, KitErrorCode } from '../errors.ts';
import { closestName, nameHint } from './profile-names.ts';
import type { LoadedCase } from './types.ts';

/** Which cases to run. Every given criterion must hold (tags among themselves: any of them). */
export interface SelectOptions {
  /** Keep cases that have at least one of these tags. */
  tags?: readonly string[];
  /** JavaScript regular expression tested against the case id and the title. */
  grep?: string;
  /** Keep these case ids; an id also selects the cases below it (`search` selects `search/q/...`). */
  ids?: readonly string[];
  /** Keep shard `index` of `count` (1-based): sorted case ids, round-robin, so shards partition exactly. */
  shard?: { index: number; count: number };
  /** A tag no case has selects nothing, instead of being refused (run --allow-empty). Default false. */
  allowUnknownTags?: boolean;
}

/**
 * Filters `cases` (order kept). Throws KitError E_USAGE for a bad regular expression, a bad shard, or an id or
 * (unless allowUnknownTags) a tag that matches no case (a typo would otherwise silently run less), naming the
 * closest one there is.
 */
export function selectCases(cases: readonly LoadedCase[], options: SelectOptions = {}): LoadedCase[] {
  const pattern = compileGrep(options.grep);
  const ids = options.ids ?? [];
  for (const id of ids) {
    if (cases.some((c) => matchesId(c.case.id, id))) continue;
    const near = closestName(id, idsAndFolders(cases));
    throw new KitError(KitErrorCode.usage, `no case has id "${id}"${near === undefined ? '' : ` (did you mean ${near}?)`}`);
  }
  const tags = options.tags ?? [];
  const knownTags = [...new Set(cases.flatMap((c) => c.case.tags ?? []))].sort();
  for (const tag of options.allowUnknownTags === true ? [] : tags) {
    if (!knownTags.includes(tag)) throw new KitError(KitErrorCode.usage, `no case has tag "${tag}"${nameHint(tag, knownTags)}`);
  }
  const selected = cases.filter(
    (c) =>
      (tags.length === 0 || tags.some((tag) => c.case.tags?.includes(tag) === true)) &&
      (ids.length === 0 || ids.some((id) => matchesId(c.case.id, id))) &&
      (pattern === undefined || pattern.test(c.case.id) || pattern.test(c.case.title)),
  );
  return options.shard === undefined ? selected : pickShard(selected, options.shard);
}

/** Every case id and every folder above one (`search/filters/either-or`, `search/filters`, `search`). */
function idsAndFolders(cases: readonly LoadedCase[]): string[] {
  const names = new Set<string>();
  for (const c of cases) {
    const parts = c.case.id.split('/');
    for (let end = 1; end <= parts.length; end++) names.add(parts.slice(0, end).join('/'));
  }
  return [...names];
}

function matchesId(caseId: string, wanted: string): boolean {
  return caseId === wanted || caseId.startsWith(`${wanted.replace(/\/+$/, '')}/`);
}

function compileGrep(grep: string | undefined): RegExp | undefined {
  if (grep === undefined) return undefined;
  try {
    return new RegExp(grep, 'u');
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `--grep is not a valid regular expression: ${String(grep)}`, { cause: error });
  }
}

function pickShard(cases: readonly LoadedCase[], shard: { index: number; count: number }): LoadedCase[] {
  const { index, count } = shard;
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 1 || index > count) {
    throw new KitError(KitErrorCode.usage, `bad shard ${index}/${count}: expected i/n with 1 <= i <= n`);
  }
  // Round-robin over sorted ids: balanced, and independent of file order.
  const sorted = cases.map((c) => c.case.id).sort();
  const mine = new Set(sorted.filter((_, position) => position % count === index - 1));
  return cases.filter((c) => mine.has(c.case.id));
}
