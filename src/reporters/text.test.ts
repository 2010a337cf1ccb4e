import { describe, expect, it } from 'vitest';
import { createCounts } from './summarize.ts';
import { describeApplicability } from './text.ts';

describe('describeApplicability', () => {
  it.each([
    [237, 199, 0, 'only 38 of 237 case variants applied (16%); the others were not applicable to this target or skipped'],
    [10, 4, 2, 'only 4 of 10 case variants applied (40%); the others were not applicable to this target or skipped'],
    [10, 5, 0, ''],
    [10, 0, 0, ''],
    [0, 0, 0, ''],
  ])('of %i variants, %i not applicable and %i skipped: %j', (total, notApplicable, skipped, expected) => {
    expect(describeApplicability({ ...createCounts(), total, notApplicable, skipped })).toBe(expected);
  });
});
