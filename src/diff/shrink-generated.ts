// Shrinking the generated disagreements: each failing request shrunk with fast-check to the smallest request that
// still fails in its way. The shrinker meets the same candidates again (within one shrink, and from one failure to
// the next, which often end on the same small request), so each distinct request is sent once per run; and a
// failure whose request has every part of a small example of its kind found already is that failure again: it is
// listed as found, not shrunk.
import type { HttpClient } from '../http/index.ts';
import type { PairResult, ShrunkDisagreement } from '../schema/diff-report.ts';
import { comparePair } from './compare-pair.ts';
import { primaryKind, showsKind } from './kinds.ts';
import { describeRequest, listRequestParts, shrinkRequest, type GeneratedRequest } from './generate/index.ts';
import { toGeneratedPair } from './pairs.ts';
import type { DiffSide, PairJudge, PairRules } from './types.ts';

/** At most this many generated disagreements are shrunk (each costs a few dozen request pairs); the rest are listed as found. */
export const MAX_SHRUNK = 10;

/** What shrinking needs from the run. */
export interface ShrinkInput {
  sides: readonly [DiffSide, DiffSide];
  rules: PairRules;
  arbitrary: Parameters<typeof shrinkRequest>[0];
  seed: number;
  /** The generated requests and, by index, their results and what the judge made of them. */
  requests: readonly GeneratedRequest[];
  judged: ReadonlyArray<{ result: PairResult; kind: string | undefined }>;
  /** Kinds of difference every pair shows (not a request's own failure, without a judge). */
  everywhere: ReadonlySet<string>;
  judge?: PairJudge | undefined;
  maxDifferences?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** One request as compared: its result and what the judge made of it (undefined: no failure, or no judge). */
interface Tried {
  result: PairResult;
  judged: string | undefined;
}

/** Shrinks the failing generated requests (see the file comment), up to MAX_SHRUNK distinct ones. */
export async function shrinkGenerated(client: HttpClient, input: ShrinkInput): Promise<ShrunkDisagreement[]> {
  const [a, b] = input.sides;
  const tried = new Map<string, Tried>();
  input.requests.forEach((request, index) => {
    const judged = input.judged[index];
    if (judged !== undefined) tried.set(describeRequest(request), { result: judged.result, judged: judged.kind });
  });
  const tryRequest = async (request: GeneratedRequest, index: number, again = false): Promise<Tried> => {
    const key = describeRequest(request);
    const known = again ? undefined : tried.get(key);
    if (known !== undefined) return known;
    const compared = await comparePair(client, toGeneratedPair(request, index, a, b), input.rules, { maxDifferences: input.maxDifferences });
    const outcome = { result: compared.result, judged: input.judge?.({ ...compared, generated: request }) };
    tried.set(key, outcome);
    return outcome;
  };
  const disagreements: ShrunkDisagreement[] = [];
  const examples: Array<{ kind: string; parts: string[] }> = [];
  for (const [index, original] of input.requests.entries()) {
    if (disagreements.length >= MAX_SHRUNK || input.signal?.aborted === true) break;
    const judged = input.judged[index];
    if (judged === undefined) continue;
    // why: a pair that shows nothing but the difference of every pair is that one, reported once already
    const kind = input.judge === undefined ? (judged.result.outcome === 'differ' ? primaryKind(judged.result, input.everywhere) : undefined) : judged.kind;
    if (kind === undefined) continue;
    const parts = new Set(listRequestParts(original));
    if (examples.some((example) => example.kind === kind && example.parts.every((part) => parts.has(part)))) continue;
    const keepsKind = async (request: GeneratedRequest): Promise<boolean> => {
      const { result, judged: judgedKind } = await tryRequest(request, index);
      return input.judge === undefined ? result.outcome === 'differ' && showsKind(result, kind) : judgedKind === kind;
    };
    const shrunk = await shrinkRequest(input.arbitrary, original, keepsKind, input.seed);
    const described = describeRequest(shrunk.request);
    // many generated requests shrink to the same smallest one: it is reported once
    if (disagreements.some((found) => found.pair.request === described)) continue;
    examples.push({ kind, parts: listRequestParts(shrunk.request) });
    let last = await tryRequest(shrunk.request, index);
    // why: the shrunk pair is reported under the id of the failure it was shrunk from (and judged as that pair)
    if (last.result.id !== toGeneratedPair(shrunk.request, index, a, b).id) last = await tryRequest(shrunk.request, index, true);
    disagreements.push({ original: judged.result.request, shrinks: shrunk.shrinks, pair: last.result });
  }
  return disagreements;
}
