import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/reporters/index.ts';
import { compileSchema } from '../../src/schema/ajv.ts';
import { RunResultSchema } from '../../src/schema/report.ts';
import { buildMixedRun, buildRun } from './build-result.ts';

describe('renderJson', () => {
  it('renders the RunResult itself, valid against RunResultSchema', () => {
    const run = buildMixedRun({ shard: { index: 1, count: 2 } });
    const text = renderJson(run);
    const parsed: unknown = JSON.parse(text);
    const validate = compileSchema(RunResultSchema);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(parsed).toEqual(run);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('renders the same text for the same result', () => {
    expect(renderJson(buildRun([]))).toBe(renderJson(buildRun([])));
  });

  it('is rejected by the schema when a required field is missing', () => {
    const { hostname: _hostname, ...partial } = buildRun([]);
    expect(compileSchema(RunResultSchema)(JSON.parse(renderJson({ ...partial, hostname: '' })))).toBe(true);
    expect(compileSchema(RunResultSchema)(partial)).toBe(false);
  });
});
