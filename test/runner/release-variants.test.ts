// run() with releaseVariants drops each variant from the array handed over once its case is reported (what
// runCatalogue does, so a long run's memory shrinks as it goes); without it the array is left as given. Either way
// the results are the same, variant agreement included.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/index.ts';
import { createHttpClient } from '../../src/http/index.ts';
import { prepareCatalogue, run, type RunOptions } from '../../src/runner/index.ts';
import { PREFLIGHT_BODY, PREFLIGHT_PATH, useScenario, writeJsonFiles } from './helpers.ts';

const scenario = useScenario({});

const agreeing = (id: string): Record<string, unknown> => ({
  id,
  title: `Case ${id}`,
  class: 'search.core',
  spec: ['api.md#4.1'],
  request: { action: 'datastore_search', params: { resource_id: id } },
  variants: { method: ['POST', 'GET'] },
  expect: { status: 200 },
});

async function runOnce(options: RunOptions): Promise<RunResult> {
  const client = createHttpClient({ concurrency: 2 });
  try {
    return await run(options, { client, clock: { now: () => 0 } });
  } finally {
    await client.close();
  }
}

describe('run() releaseVariants', () => {
  it('empties the array handed over as cases finish, and reports what a run that keeps it reports', async () => {
    // a GET of case "b" answers other records than its POST: the variants disagree, and that must still be found
    const server = await scenario.serve((req, res) => {
      if (req.url === PREFLIGHT_PATH) return res.end(PREFLIGHT_BODY);
      const records = req.method === 'GET' && req.url?.includes('=b') === true ? [{ x: 2 }] : [{ x: 1 }];
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ help: 'h', success: true, result: { records } }));
    });
    await writeJsonFiles(scenario.dir, { 'cases/a.json': { cases: ['a', 'b', 'c'].map(agreeing) } });
    const prepared = await prepareCatalogue({ cwd: scenario.dir, casesDir: 'cases', cacheDir: false }, {});
    const base: Omit<RunOptions, 'variants'> = { targetUrl: server.url, reference: false, contract: 'seed', concurrency: 2, bail: false, hostname: 'h' };
    const kept = [...prepared.variants];
    const keeping = await runOnce({ ...base, variants: kept });
    const handed = [...prepared.variants];
    const releasing = await runOnce({ ...base, variants: handed, releaseVariants: true });
    expect(kept).toEqual(prepared.variants);
    expect(handed).toHaveLength(6);
    expect(handed.every((variant) => variant === undefined)).toBe(true);
    const outcome = (result: RunResult) => result.cases.map((c) => [c.id, c.status, c.findings.map((f) => f.rule)]);
    expect(outcome(releasing)).toEqual(outcome(keeping));
    expect(releasing.summary).toEqual(keeping.summary);
    expect(outcome(keeping).find(([id]) => id === 'b [GET - /api/action]')).toEqual(['b [GET - /api/action]', 'fail', ['variants.agree']]);
  });
});
