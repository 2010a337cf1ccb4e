// Compares the output a document shows with the output a command printed. A line that is only `...` stands for any
// number of lines; `...` (or `…`) inside a line stands for any text. Every other line must match a printed line, in
// order, and every printed line must be matched. Ports on 127.0.0.1, durations (`3.97 s`, `454 ms`) and colours
// are not compared.

/** The text with colours removed, trailing blanks cut, and loopback ports replaced by PORT. */
export function normaliseOutput(text: string): string[] {
  const lines = text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .replace(/(127\.0\.0\.1|localhost):\d+/g, '$1:PORT')
    .replace(/\b\d+(\.\d+)? m?s\b/g, 'DURATION')
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines;
}

function linePattern(expected: string): RegExp {
  const parts = expected.split(/\.\.\.|…/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's');
}

/** Whether `actual` (normalised) matches `expected` (normalised) under the ellipsis rules. */
export function matchesOutput(expected: readonly string[], actual: readonly string[]): boolean {
  const patterns = expected.map((line) => (line.trim() === '...' ? undefined : linePattern(line)));
  // why: memoised search over (expected index, actual index): `...` lines may absorb any run of lines
  const memo = new Map<number, boolean>();
  const match = (e: number, a: number): boolean => {
    const key = e * (actual.length + 1) + a;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (e === patterns.length) result = a === actual.length;
    else {
      const pattern = patterns[e];
      if (pattern === undefined) {
        result = false;
        for (let skip = a; skip <= actual.length && !result; skip++) result = match(e + 1, skip);
      } else result = a < actual.length && pattern.test(actual[a] ?? '') && match(e + 1, a + 1);
    }
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}
