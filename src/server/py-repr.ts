// Python's repr() for decoded JSON values and strings, as CKAN's error messages show them (%r).
import type { PyValue } from './py-json.ts';
import { pyReprString } from './python.ts';

/** Python's repr() of a decoded JSON value: `{'a': [1, 2.0, None, True]}`. */
export function reprPy(value: PyValue): string {
  switch (value.type) {
    case 'dict':
      return `{${value.entries.map(([key, item]) => `${reprString(key)}: ${reprPy(item)}`).join(', ')}}`;
    case 'list':
      return `[${value.items.map(reprPy).join(', ')}]`;
    case 'str':
      return reprString(value.value);
    case 'int':
      return value.text === '-0' ? '0' : value.text;
    case 'float':
      return reprFloat(value.value);
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'none':
      return 'None';
  }
}

/** Python's repr() of a str (the one implementation, shared with the actions' messages). */
export const reprString = pyReprString;

/** Python's repr() of a float: shortest round-trip digits, scientific below 1e-4 and from 1e16. */
export function reprFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const point = exponent + 1;
  let body: string;
  if (point <= 0) body = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) body = `${digits}${'0'.repeat(point - digits.length)}.0`;
  else body = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${negative ? '-' : ''}${body}`;
}
