import { describe, expect, it } from 'vitest';
import { dedupeUnknownArguments, findNotANumber, rewordInvalidChoices } from './usage-checks.ts';

describe('findNotANumber', () => {
  it.each([
    [{ concurrency: Number.NaN, _: [] }, ['run', '--concurrency', 'abc'], '--concurrency must be a number, got "abc"'],
    [{ 'timeout-ms': Number.NaN, timeoutMs: Number.NaN }, ['run', '--timeout-ms=1s'], '--timeout-ms must be a number, got "1s"'],
    [{ concurrency: 4 }, ['run', '--concurrency', '4'], undefined],
  ])('%j from %j -> %s', (parsed, argv, message) => {
    expect(findNotANumber(parsed, argv)).toBe(message);
  });
});

describe('dedupeUnknownArguments', () => {
  it.each([
    ['Unknown arguments: bogus-flag, bogusFlag', 'Unknown argument: --bogus-flag'],
    ['Unknown arguments: bogus-flag, bogusFlag, z, other', 'Unknown arguments: --bogus-flag, -z, --other'],
    ['Not enough arguments', 'Not enough arguments'],
  ])('%s -> %s', (message, shown) => {
    expect(dedupeUnknownArguments(message)).toBe(shown);
  });

  it('shows words given where no positional argument is taken as typed, not as flags', () => {
    expect(dedupeUnknownArguments('Unknown argument: cases/search', ['run', 'cases/search'])).toBe(
      'Unknown argument: cases/search (this command takes no such word: options are written --name value)',
    );
    expect(dedupeUnknownArguments('Unknown arguments: 1, bogus', ['run', '1', '--bogus'])).toBe(
      'Unknown arguments: 1, --bogus (this command takes no such word: options are written --name value)',
    );
  });
});

describe('rewordInvalidChoices', () => {
  it('says each refused choice as the option checks do, one line each', () => {
    const yargs =
      'Invalid values:\n  Argument: contract, Given: "full", Choices: "seed", "ckan"\n  Argument: update-baseline, Given: "some", Choices: "none", "missing"';
    expect(rewordInvalidChoices(yargs)).toBe('--contract must be one of seed, ckan, got "full"\n--update-baseline must be one of none, missing, got "some"');
  });

  it('leaves other messages alone', () => {
    expect(rewordInvalidChoices('Unknown argument: --x')).toBe('Unknown argument: --x');
  });
});
