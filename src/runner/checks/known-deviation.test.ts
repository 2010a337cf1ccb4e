import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../model/index.ts';
import { applyKnownDeviation } from './known-deviation.ts';
import type { RunVariant } from '../types.ts';

const failed = { id: 'x', status: 'fail', findings: [{ rule: 'status', path: '', message: 'expected 200, got 500' }] } as unknown as CaseResult; // why: only status and findings are read
const variant = {
  known: [
    {
      ckan: [
        { min: '2.10.8', max: '2.10' },
        { min: '2.11.3', max: '2.11' },
      ],
      note: 'DISTINCT after LIMIT',
      ref: 'ckan/ckan#8709',
      fixed: '2.12.0',
    },
  ],
} as unknown as RunVariant; // why: only `known` is read
const ckan = (version: '2.10' | '2.11' | '2.12', release?: string) => ({ ckan: { version, versions: [version], reason: 'test', release } });

describe('applyKnownDeviation', () => {
  it.each([
    [ckan('2.11', '2.11.5'), 'known'],
    [ckan('2.11', '2.11.2'), 'fail'],
    [ckan('2.10', '2.10.8'), 'known'],
    [ckan('2.11'), 'known'],
    [ckan('2.12', '2.12.0b0'), 'fail'],
    [{}, 'fail'],
  ] as const)('a failure on %j is %s', (options, status) => {
    expect(applyKnownDeviation(failed, variant, options).status).toBe(status);
  });

  it('keeps the failure when the run is strict about known deviations', () => {
    expect(applyKnownDeviation(failed, variant, { ...ckan('2.11', '2.11.5'), strictKnown: true }).status).toBe('fail');
  });

  it('leaves a pass a pass, and says the release, reference and fix of a known one', () => {
    expect(applyKnownDeviation({ ...failed, status: 'pass', findings: [] }, variant, ckan('2.11', '2.11.5')).status).toBe('pass');
    expect(applyKnownDeviation(failed, variant, ckan('2.11', '2.11.5')).known).toEqual({
      release: '2.11.5',
      note: 'DISTINCT after LIMIT',
      ref: 'ckan/ckan#8709',
      fixed: '2.12.0',
    });
  });
});
