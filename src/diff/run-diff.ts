// The two-target run: every request pair sent to both targets at the configured concurrency, then the generated
// requests (sampled from target A with the seed), each generated disagreement shrunk to its smallest request.
import type { HttpClient } from '../http/index.ts';
import { runPool } from '../runner/index.ts';
import type { NormaliseLayer } from '../schema/baseline.ts';
import type { PairResult, ShrunkDisagreement } from '../schema/diff-report.ts';
import { comparePair, type ComparePairOptions } from './compare-pair.ts';
import { findSharedDifferences } from './kinds.ts';
import { createRequestArbitrary, sampleRequests, sampleResources, type GeneratedRequest, type GenerationOptions } from './generate/index.ts';
import { pairRules, toGeneratedPair } from './pairs.ts';
import { shrinkGenerated } from './shrink-generated.ts';
import type { DiffSide, PairJudge, RequestPair } from './types.ts';

/** Options of runDiff. */
export interface DiffRunOptions {
  sides: readonly [DiffSide, DiffSide];
  /** The catalogue's request pairs. */
  pairs: readonly RequestPair[];
  /** Request pairs in flight at once. */
  concurrency: number;
  /** Also generate `count` requests with `seed` from target A's data. */
  generate?: { count: number; seed: number; input?: GenerationOptions | undefined } | undefined;
  /** Differences listed per pair. Default 100. */
  maxDifferences?: number | undefined;
  /** Extra normalisation for every pair (over both profiles' and each case's), e.g. a column the twin does not compare. */
  normalise?: NormaliseLayer | undefined;
  /**
   * What each compared pair shows (see PairJudge); generated pairs it judges failing are shrunk, keeping its kind.
   * Default: diff's, any disagreement by its first kind of difference, leaving out one every pair shows.
   */
  judge?: PairJudge | undefined;
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

/** One pair's result and what the judge made of it. */
interface Judged {
  result: PairResult;
  kind: string | undefined;
}

async function sendAll(client: HttpClient, pairs: readonly RequestPair[], options: DiffRunOptions, generated?: readonly GeneratedRequest[]): Promise<Judged[]> {
  const [a, b] = options.sides;
  const rules = pairRules(a, b, options.normalise);
  const results: Array<Judged | undefined> = new Array(pairs.length);
  await runPool(
    pairs.length,
    options.concurrency,
    async (index) => {
      const pair = pairs[index];
      if (pair === undefined) return;
      const compared = await comparePair(client, pair, rules, { maxDifferences: options.maxDifferences, onAnswers: options.onAnswers });
      // why: the answers are judged as they come and not kept, so a run holds one result per pair, not its bodies
      const kind = options.judge?.({ ...compared, generated: generated?.[index] });
      results[index] = { result: compared.result, kind };
      options.onPair?.(compared.result);
    },
    () => options.signal?.aborted === true,
  );
  return results.filter((r): r is Judged => r !== undefined);
}

/** Sends every pair to both targets and compares; then generates, sends and shrinks when asked. */
export async function runDiff(client: HttpClient, options: DiffRunOptions): Promise<DiffRunOutcome> {
  const results = (await sendAll(client, options.pairs, options)).map((judged) => judged.result);
  if (options.generate === undefined) return { results };
  const generated = await runGenerated(client, options, options.generate);
  return { results: [...results, ...generated.results], generated: generated.summary };
}

async function runGenerated(
  client: HttpClient,
  options: DiffRunOptions,
  { count, seed, input }: NonNullable<DiffRunOptions['generate']>,
): Promise<{ results: PairResult[]; summary: NonNullable<DiffRunOutcome['generated']> }> {
  const [a, b] = options.sides;
  const common = Object.keys(a.profile.resources ?? {}).filter((name) => b.profile.resources?.[name] !== undefined);
  const resources = await sampleResources(client, { url: a.url, token: a.token, resources: a.profile.resources ?? {} }, common);
  const both = (capability: string): boolean => a.profile.capabilities.includes(capability) && b.profile.capabilities.includes(capability);
  const arbitrary = createRequestArbitrary({ resources, sql: both('sql'), locales: both('locale'), ...input });
  const requests = sampleRequests(arbitrary, seed, count);
  const pairs = requests.map((request, index) => toGeneratedPair(request, index, a, b));
  const judged = await sendAll(client, pairs, options, requests);
  const results = judged.map((j) => j.result);
  // why: a difference every pair shows (a deployment's own field labels, say) would let every request shrink to the
  // smallest one and swallow the others; a shrink must keep the original's own kind of difference
  const everywhere = new Set(findSharedDifferences(results).map((shared) => shared.kind));
  const disagreements = await shrinkGenerated(client, {
    sides: options.sides,
    rules: pairRules(a, b, options.normalise),
    arbitrary,
    seed,
    requests,
    judged,
    everywhere,
    judge: options.judge,
    maxDifferences: options.maxDifferences,
    signal: options.signal,
  });
  return { results, summary: { seed, count: requests.length, disagreements } };
}
