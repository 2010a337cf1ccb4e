// Running the mutant suite against any upstream with any prepared catalogue, and deciding which mutants a run
// killed: shared by the suite on the bundled fixtures and the one on a probed deployment of other data.
import type { CaseVariant } from '../../src/catalogue/index.ts';
import type { HttpClient } from '../../src/http/index.ts';
import type { CaseResult, RunResult } from '../../src/model/index.ts';
import { run } from '../../src/runner/index.ts';
import type { Mutant } from './mutant.ts';
import { startMutantProxy, type MutantHandler, type Upstream } from './proxy.ts';

/** Where the mutants run: the upstream behind their proxies, the token and client the runs use. */
export interface MutantRunSetup {
  upstream: Upstream;
  client: HttpClient;
  token: string;
  /** Mutants run at once (each runs its cases with its own concurrency). */
  concurrency: number;
  /** The CKAN release the upstream imitates: failures its known bugs explain are reported `known`, never kills. */
  ckanRelease?: string;
}

/** Runs `variants` against a proxy that serves the upstream through `handler`. */
export async function runThrough(handler: MutantHandler, variants: readonly CaseVariant[], setup: MutantRunSetup): Promise<RunResult> {
  const proxy = await startMutantProxy(handler, setup.upstream);
  try {
    return await run(
      {
        variants: [...variants],
        targetUrl: proxy.url,
        reference: false,
        token: setup.token,
        contract: 'ckan',
        concurrency: 8,
        bail: false,
        ...(setup.ckanRelease === undefined ? {} : { ckan: { version: '2.11', versions: ['2.11'], reason: 'the upstream', release: setup.ckanRelease } }),
      },
      { client: setup.client, clock: { now: () => Date.now() } },
    );
  } finally {
    await proxy.close();
  }
}

/**
 * Runs each mutant against the variants of the cases it names (all their variants): the same verdicts as the whole
 * catalogue, at a fraction of the requests. Resolves with each mutant's result by name.
 */
export async function runMutants(mutants: readonly Mutant[], variants: readonly CaseVariant[], setup: MutantRunSetup): Promise<Map<string, RunResult>> {
  const outcomes = new Map<string, RunResult>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < mutants.length; i = next++) {
      const mutant = mutants[i];
      if (mutant === undefined) continue;
      const named = variants.filter((v) => mutant.caughtBy.includes(v.caseId));
      outcomes.set(mutant.name, await runThrough(mutant.handler, named, setup));
    }
  };
  await Promise.all(Array.from({ length: setup.concurrency }, worker));
  return outcomes;
}

/**
 * The failing results that kill the mutant: a declared case, citing the broken rule. `invariantOnly` counts only
 * findings of the data-independent checks (not `expectOnFixtures.*`), i.e. what a run on a real deployment sees.
 */
export function killers(mutant: Mutant, result: RunResult | undefined, invariantOnly = false): CaseResult[] {
  return (result?.cases ?? []).filter(
    (c) =>
      c.status === 'fail' &&
      mutant.caughtBy.includes(c.caseId) &&
      c.spec.includes(mutant.breaks) &&
      (!invariantOnly || c.findings.some((f) => !f.rule.startsWith('expectOnFixtures.'))),
  );
}
