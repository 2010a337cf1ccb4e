import { describe, expect, it } from 'vitest';
import { createTextFitter } from './text-fit.ts';
import { Misfit } from './value-fit.ts';

describe('createTextFitter', () => {
  const texts = {
    int4: ['0', '42', '-7', '2147483647', '2147483648', '-0', '007', '5.0', '1e3', '', 'x', '123456789012345678'],
    int8: ['9007199254740993', '-9223372036854775808', '999999999999999'],
    float8: ['13.4', '-0.5', '1e+20', 'NaN', '0.10000000000000001', '9007199254740993', '.5', '00.5', '1.'],
    numeric: ['482.00', '-0.05', '123456789012345678901234567890', '1e3', 'NaN', '-', '1.2.3'],
    date: ['2025-03-23', '2024-02-29', '2025-02-29', '2025-13-01', '2025-3-23', '0044-03-15 BC', 'infinity'],
    timestamp: [
      '2025-03-23T02:50:50',
      '2025-03-23T02:50:50.250000',
      '2025-03-23T02:50:50.000000',
      '2025-03-23T02:50:50.250',
      '2025-03-23 02:50:50',
      '2025-03-23T24:00:00',
      '2025-02-30T00:00:00',
      '2025-03-23T02:60:00',
    ],
  } as const;

  it.each(Object.entries(texts).flatMap(([type, list]) => list.map((text) => [type, text] as const)))(
    '%s %j: taken as it is in place only where fitting gives the same text',
    (type, text) => {
      const fitter = createTextFitter(type);
      const asIs = fitter.isFit?.(`,${text},`, 1, text.length + 1) === true;
      let fitted: string;
      try {
        fitted = fitter.fit(text);
      } catch (error) {
        if (!(error instanceof Misfit)) throw error;
        fitted = 'misfit';
      }
      if (asIs) expect(fitted).toBe(text);
      // why: what PostgreSQL writes in the one form takes the fast path (floats of up to 15 digits)
      if (fitted === text && text.replace(/\D/g, '').length <= 15 && /^(-?[1-9]\d{0,13}|0|\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d{6})?)?|-?\d+\.\d+)$/.test(text))
        expect(asIs).toBe(true);
    },
  );
});
