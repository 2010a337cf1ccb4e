// Decimal numbers as text, never through a double: whether a value is an integer in a range, whether a float's
// text says no more than a float holds, and the unscaled digits of a Parquet DECIMAL.

/** A decimal number read from its text: `digits` × 10^-`scale` (scale may be negative: `1e3` is 1 × 10^3). */
export interface Decimal {
  negative: boolean;
  /** The significant digits, without leading zeros; empty for zero. */
  digits: string;
  scale: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?$/;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Reads `12`, `-0.50`, `1e+20`, `.5`, `+3.` (PostgreSQL's input forms); undefined for anything else. */
export function parseDecimal(text: string): Decimal | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  return { negative: sign === '-' && digits !== '', digits, scale: fraction.length - Number(exponent) };
}

/** The text as a JSON number with the same digits and scale (`+3.` -> `3`, `.5` -> `0.5`, `007` -> `7`). */
export function jsonNumberText(text: string): string {
  if (JSON_NUMBER.test(text)) return text;
  const match = DECIMAL_TEXT.exec(text);
  const [, sign = '', whole = '', fraction = '', exponent] = match ?? [];
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  return `${sign === '-' ? '-' : ''}${integer}${fraction === '' ? '' : `.${fraction}`}${exponent === undefined ? '' : `e${exponent}`}`;
}

/** The decimal's integer text when it is a whole number (`5.00` -> `5`, `1e3` -> `1000`), else undefined. */
export function integerText(decimal: Decimal): string | undefined {
  const { digits, scale } = decimal;
  if (digits === '') return '0';
  let integer: string;
  if (scale <= 0) {
    // why: more digits than any integer column holds; the range check refuses it without building the string
    if (digits.length - scale > 40) return `${decimal.negative ? '-' : ''}${'9'.repeat(41)}`;
    integer = digits + '0'.repeat(-scale);
  } else {
    if (!/^0*$/.test(digits.slice(-scale))) return undefined;
    integer = digits.slice(0, Math.max(0, digits.length - scale)) || '0';
  }
  return integer === '0' ? '0' : `${decimal.negative ? '-' : ''}${integer}`;
}

/**
 * Whether a float of `bits` holds the number the text names as far as the text names it: the float, written
 * with as many significant digits as the text has, gives the same number back (`13.4`, PostgreSQL's
 * `0.10000000000000001`, Python's `13.399999618530273` for a float4 all do; `9007199254740993` as float8 does not).
 */
export function fitsFloat(decimal: Decimal, bits: 32 | 64): boolean {
  if (decimal.digits === '') return true;
  const significant = decimal.digits.replace(/0+$/, '').length;
  if (significant > 100) return false;
  const asNumber = Number(`${decimal.negative ? '-' : ''}${decimal.digits}e${-decimal.scale}`);
  const value = bits === 32 ? Math.fround(asNumber) : asNumber;
  if (!Number.isFinite(value) || value === 0) return false;
  const back = parseDecimal(value.toPrecision(significant));
  return back !== undefined && isSameNumber(back, decimal);
}

/** Whether two decimals are the same number (`1.50` and `1.5`, `1e2` and `100`). */
export function isSameNumber(a: Decimal, b: Decimal): boolean {
  const [x, y] = [normalise(a), normalise(b)];
  return x.negative === y.negative && x.digits === y.digits && x.scale === y.scale;
}

function normalise(decimal: Decimal): Decimal {
  const digits = decimal.digits.replace(/0+$/, '');
  return { negative: decimal.negative && digits !== '', digits, scale: digits === '' ? 0 : decimal.scale - (decimal.digits.length - digits.length) };
}

/** Digits left of the point (at least 0) and right of it (at least 0): what a DECIMAL(precision, scale) needs. */
export function decimalShape(decimal: Decimal): { integerDigits: number; scale: number } {
  const scale = Math.max(0, decimal.scale);
  return { integerDigits: Math.max(0, decimal.digits.length - decimal.scale), scale };
}

/** The unscaled value of the decimal at `scale` (at least the decimal's own): `1.5` at scale 2 is 150n. */
export function unscaledValue(decimal: Decimal, scale: number): bigint {
  const shift = scale - decimal.scale;
  const digits = decimal.digits === '' ? 0n : BigInt(decimal.digits);
  const value = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
  return decimal.negative ? -value : value;
}
