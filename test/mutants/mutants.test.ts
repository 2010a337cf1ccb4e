// Sensitivity of the catalogue: the default cases/ run against deliberately broken targets (proxies in front of
// the real reference server, each breaking one rule) must fail every one of them, through a case that cites the
// broken rule, and must pass the faithful reference with zero findings. Prints the mutation score.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { createHttpClient, type HttpClient } from '../../src/http/index.ts';
import { prepareCatalogue, type PreparedCatalogue } from '../../src/runner/index.ts';
import { alterParams, alterResult, passThrough } from './alter.ts';
import type { Mutant } from './mutant.ts';
import { DATA_MUTANTS } from './mutants-data.ts';
import { ORDER_MUTANTS } from './mutants-order.ts';
import { SEARCH_MUTANTS } from './mutants-search.ts';
import { createSqlAuthMutants } from './mutants-sql-auth.ts';
import { VARIANT_MUTANTS } from './mutants-variants.ts';
import { createUpstream } from './proxy.ts';
import { killers, runMutants, runThrough, type MutantRunSetup } from './score.ts';
import { countOtherVersionCases } from '../helpers/ckan-version.ts';

const TOKEN = randomBytes(18).toString('base64url');
const MUTANTS: readonly Mutant[] = [...SEARCH_MUTANTS, ...ORDER_MUTANTS, ...VARIANT_MUTANTS, ...DATA_MUTANTS, ...createSqlAuthMutants({ token: TOKEN })];
/** Mutants run at once (each runs the catalogue with its own concurrency). */
const MUTANT_CONCURRENCY = 4;

let reference: ReferenceServer;
let client: HttpClient;
let prepared: PreparedCatalogue;
let setup: MutantRunSetup;
let faithful: RunResult;
/** A control: requests and results decoded and re-encoded by the mutants' helpers, unchanged otherwise. */
let identity: RunResult;
let outcomes = new Map<string, RunResult>();

beforeAll(async () => {
  reference = await startReferenceServer({ fixturesDir: path.resolve('fixtures'), port: 0, config: { apiTokens: [TOKEN] } });
  client = createHttpClient({ timeoutMs: 60_000, retries: 0, concurrency: 32 });
  prepared = await prepareCatalogue({ cwd: path.resolve('.'), casesDir: 'cases', profileFile: 'profiles/reference.yaml' }, {});
  // why: the reference imitates CKAN 2.11.5 with its known bugs; those variants are reported known, not findings
  setup = { upstream: createUpstream(reference.url).upstream, client, token: TOKEN, concurrency: MUTANT_CONCURRENCY, ckanRelease: '2.11.5' };
  faithful = await runThrough(passThrough, prepared.variants, setup);
  [identity, outcomes] = await Promise.all([
    runThrough(
      alterResult(
        undefined,
        (result) => result,
        alterParams(undefined, (params) => params),
      ),
      prepared.variants,
      setup,
    ),
    runMutants(MUTANTS, prepared.variants, setup),
  ]);
}, 300_000);

afterAll(async () => {
  const killed = MUTANTS.filter((m) => killers(m, outcomes.get(m.name)).length > 0).length;
  if (outcomes.size > 0) {
    const pct = Math.round((killed / MUTANTS.length) * 100);
    process.stdout.write(`mutation score: ${killed}/${MUTANTS.length} killed (${pct}%)\n`);
    const escaping = MUTANTS.filter((m) => killers(m, outcomes.get(m.name), true).length === 0).map((m) => m.name);
    process.stdout.write(
      `mutation score without fixture-exact checks (as on a real deployment): ${MUTANTS.length - escaping.length}/${MUTANTS.length}` +
        `${escaping.length > 0 ? ` (caught only on the fixtures: ${escaping.join(', ')})` : ''}\n`,
    );
  }
  await client?.close();
  await reference?.close();
});

describe('mutant suite', () => {
  it('has at least 20 mutants with unique names, each declaring cases that exist', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(MUTANTS.map((m) => m.name)).size).toBe(MUTANTS.length);
    const ids = new Set(prepared.cases.map((c) => c.case.id));
    expect(MUTANTS.flatMap((m) => m.caughtBy.filter((id) => !ids.has(id)).map((id) => `${m.name}: ${id}`))).toEqual([]);
  });

  it('passes the faithful reference (through an honest proxy) with zero findings', () => {
    const findings = faithful.cases.filter((c) => c.status !== 'known').flatMap((c) => c.findings.map((f) => `${c.id}: ${f.rule} ${f.message}`));
    expect(findings).toEqual([]);
    expect(faithful.summary.fail + faithful.summary.error + faithful.summary.notApplicable - countOtherVersionCases(faithful.cases)).toBe(0);
  });

  it('passes a control that re-encodes every request and result without changing them (kills come from the mutations)', () => {
    expect(identity.cases.filter((c) => c.status !== 'known').flatMap((c) => c.findings.map((f) => `${c.id}: ${f.rule} ${f.message}`))).toEqual([]);
    expect(identity.summary.fail + identity.summary.error).toBe(0);
  });

  it.each(MUTANTS.map((m) => [m.name, m] as const))('catches the mutant %s', (_name, mutant) => {
    const result = outcomes.get(mutant.name);
    const failing = (result?.cases ?? []).filter((c) => c.status !== 'pass').map((c) => c.id);
    const caught = killers(mutant, result);
    expect(
      caught.length,
      `${mutant.name} (breaks ${mutant.breaks}) was not caught by ${mutant.caughtBy.join(', ')}; failing among them: ${failing.join(', ') || 'none'}`,
    ).toBeGreaterThan(0);
    expect(caught.every((c) => c.findings.length > 0)).toBe(true);
  });
});
