// The two-target run: every request pair sent to both targets at the configured concurrency, then the generated
// requests (sampled from target A with the seed), each generated disagreement shrunk to its smallest request.
import type { HttpClient } from '../http/index.ts';
import { runPool } from '../runner/index.ts';
import type { PairResult, ShrunkDisagreement } from '../schema/diff-report.ts';
import { comparePair, type ComparePairOptions } from './compare-pair.ts';
import { findSharedDifferences, primaryKind, showsKind } from './kinds.ts';
import { createRequestArbitrary, describeRequest, sampleRequests, sampleResources, shrinkRequest, type GeneratedRequest } from './generate/index.ts';
import { pairRules, toGeneratedPair } from './pairs.ts';
import type { DiffSide, RequestPair } from './types.ts';

/** At most this many generated disagreements are shrunk (each costs a few dozen request pairs); the rest are listed as found. */
export const MAX_SHRUNK = 10;

/** Options of runDiff. */
export interface DiffRunOptions {
  sides: readonly [DiffSide, DiffSide];
  /** The catalogue's request pairs. */
  pairs: readonly RequestPair[];
  /** Request pairs in flight at once. */
  concurrency: number;
  /** Also generate `count` requests with `seed` from target A's data. */
  generate?: { count: number; seed: number } | undefined;
  /** Differences listed per pair. Default 100. */
  maxDifferences?: number | undefined;
  /** When aborted, no new pair starts. */
  signal?: AbortSignal | undefined;
  /** Called after each pair (progress). */
  onPair?: ((result: PairResult) => void) | undefined;
  /** Called with both answers of each catalogue, traffic or generated pair that did not agree (not of shrinking steps). */
  onAnswers?: ComparePairOptions['onAnswers'];
}

/** What runDiff found: every pair's result (catalogue, then generated), and the shrunk generated disagreements. */
export interface DiffRunOutcome {
  results: PairResult[];
  generated?: { seed: number; count: number; disagreements: ShrunkDisagreement[] } | undefined;
}

async function sendAll(client: HttpClient, pairs: readonly RequestPair[], options: DiffRunOptions): Promise<PairResult[]> {
  const [a, b] = options.sides;
  const rules = pairRules(a, b);
  const results: Array<PairResult | undefined> = new Array(pairs.length);
  await runPool(
    pairs.length,
    options.concurrency,
    async (index) => {
      const pair = pairs[index];
      if (pair === undefined) return;
      const result = await comparePair(client, pair, rules, { maxDifferences: options.maxDifferences, onAnswers: options.onAnswers });
      results[index] = result;
      options.onPair?.(result);
    },
    () => options.signal?.aborted === true,
  );
  return results.filter((r): r is PairResult => r !== undefined);
}

/** Sends every pair to both targets and compares; then generates, sends and shrinks when asked. */
export async function runDiff(client: HttpClient, options: DiffRunOptions): Promise<DiffRunOutcome> {
  const results = await sendAll(client, options.pairs, options);
  if (options.generate === undefined) return { results };
  const generated = await runGenerated(client, options, options.generate);
  return { results: [...results, ...generated.results], generated: generated.summary };
}

async function runGenerated(
  client: HttpClient,
  options: DiffRunOptions,
  { count, seed }: { count: number; seed: number },
): Promise<{ results: PairResult[]; summary: NonNullable<DiffRunOutcome['generated']> }> {
  const [a, b] = options.sides;
  const common = Object.keys(a.profile.resources ?? {}).filter((name) => b.profile.resources?.[name] !== undefined);
  const resources = await sampleResources(client, { url: a.url, token: a.token, resources: a.profile.resources ?? {} }, common);
  const both = (capability: string): boolean => a.profile.capabilities.includes(capability) && b.profile.capabilities.includes(capability);
  const arbitrary = createRequestArbitrary({ resources, sql: both('sql'), locales: both('locale') });
  const requests = sampleRequests(arbitrary, seed, count);
  const pairs = requests.map((request, index) => toGeneratedPair(request, index, a, b));
  const results = await sendAll(client, pairs, options);
  const rules = pairRules(a, b);
  const disagreements: ShrunkDisagreement[] = [];
  const seen = new Set<string>();
  // why: a difference every pair shows (a deployment's own field labels, say) would let every request shrink to the
  // smallest one and swallow the others; a shrink must keep the original's own kind of difference
  const everywhere = new Set(findSharedDifferences(results).map((shared) => shared.kind));
  for (const result of results) {
    if (result.outcome !== 'differ' || disagreements.length >= MAX_SHRUNK || options.signal?.aborted === true) continue;
    const index = pairs.findIndex((pair) => pair.id === result.id);
    const original = requests[index];
    if (original === undefined) continue;
    const check = (request: GeneratedRequest): Promise<PairResult> =>
      comparePair(client, toGeneratedPair(request, index, a, b), rules, { maxDifferences: options.maxDifferences });
    const kind = primaryKind(result, everywhere);
    // why: a pair that shows nothing but the difference of every pair is that one, reported once already
    if (kind === undefined) continue;
    const keepsKind = async (request: GeneratedRequest): Promise<boolean> => {
      const pair = await check(request);
      return pair.outcome === 'differ' && showsKind(pair, kind);
    };
    const shrunk = await shrinkRequest(arbitrary, original, keepsKind, seed);
    const described = describeRequest(shrunk.request);
    // many generated requests shrink to the same smallest one: it is reported once
    if (seen.has(described)) continue;
    seen.add(described);
    const pair = await check(shrunk.request);
    disagreements.push({ original: result.request, shrinks: shrunk.shrinks, pair });
  }
  return { results, summary: { seed, count: requests.length, disagreements } };
}
