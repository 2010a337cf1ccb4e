import { describe, expect, it } from 'vitest';
import { compareCkanVersions, isInCkanRange, toCkanVersion } from './ckan-version.ts';

describe('ckan-version', () => {
  it.each([
    ['2.10.4', '2.10'],
    ['2.12.0b0', '2.12'],
    ['2.9', '2.9'],
    ['v2.8.12', '2.8'],
    ['2.13.0a0', undefined],
    ['2.7.3', undefined],
    ['latest', undefined],
  ])('reads %s as %s', (text, expected) => {
    expect(toCkanVersion(text)).toBe(expected);
  });

  it('orders versions numerically, not as text', () => {
    expect(compareCkanVersions('2.9', '2.10')).toBeLessThan(0);
    expect(compareCkanVersions('2.12', '2.11')).toBeGreaterThan(0);
  });

  it.each([
    [{ min: '2.9' }, '2.8', false],
    [{ min: '2.9' }, '2.12', true],
    [{ max: '2.11' }, '2.12', false],
    [{ min: '2.10', max: '2.11' }, '2.10', true],
    [{}, '2.8', true],
    [{ min: '2.11.5' }, '2.11.4', false],
    [{ min: '2.11.5' }, '2.11.5', true],
    [{ min: '2.11.5' }, '2.11', true],
    [{ min: '2.11.5' }, '2.12.0b0', true],
    [{ min: '2.10.10', max: '2.10' }, '2.10.12', true],
    [{ min: '2.10.10', max: '2.10' }, '2.11.5', false],
    [{ max: '2.11.2' }, '2.11.3', false],
    [{ max: '2.11.2' }, '2.11', false],
    [{ min: '2.10' }, '2.10.0', true],
    [{ min: '2.9' }, 'not a version', false],
  ] as const)('range %j holds for %s: %s', (range, version, expected) => {
    expect(isInCkanRange(version, range)).toBe(expected);
  });
});
