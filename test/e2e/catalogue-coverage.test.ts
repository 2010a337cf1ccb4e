// The shipped catalogue covers every clause of the API description, and cases/COVERAGE.md is up to date.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/index.ts';
import { API_CLAUSES, computeCoverage, COVERAGE_FILE, renderCoverage } from '../../src/catalogue/index.ts';

const CASES = path.resolve('cases');

describe('catalogue coverage', () => {
  it('checks every api.md clause with at least one case and cites no unknown clause', async () => {
    const coverage = computeCoverage((await loadCatalogue(CASES)).cases);
    expect(coverage.uncovered.map((c) => c.id)).toEqual([]);
    expect(coverage.unknownRefs).toEqual([]);
    expect(coverage.clauses).toHaveLength(API_CLAUSES.length);
  });

  it('has a committed COVERAGE.md equal to a fresh rendering (run `npm run coverage` when this fails)', async () => {
    const fresh = renderCoverage(computeCoverage((await loadCatalogue(CASES)).cases));
    const committed = await readFile(path.join(CASES, COVERAGE_FILE), 'utf8');
    expect(committed).toBe(fresh);
  });

  it('gives every clause a unique id', () => {
    const ids = API_CLAUSES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
