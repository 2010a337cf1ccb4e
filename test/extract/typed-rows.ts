// One table of the typed stand-in (typed-target.ts) whose values come in forms of their own: bools as 1/0 and "t",
// numbers as strings, int8 beyond 2^53, numerics of 30 digits, timestamps with offsets and fractions, a BC date.
// The extract tests of every format and every reader (parquet-wasm, DuckDB) read this one table.
export const RESOURCE = '7d3b1c4e-typed-values';
export const FIELDS = [
  { id: '_id', type: 'int' },
  { id: 'member', type: 'bool' },
  { id: 'flag', type: 'bool' },
  { id: 'amount', type: 'numeric' },
  { id: 'big', type: 'int8' },
  { id: 'wide', type: 'numeric' },
  { id: 'at', type: 'timestamptz' },
  { id: 'stamp', type: 'timestamp' },
  { id: 'day', type: 'date' },
  { id: 'ratio', type: 'float8' },
  { id: 'label', type: 'text' },
];

/** Each value as the stand-in writes it into its JSON answer. */
export function servedRows(): Record<string, string>[] {
  return [
    {
      _id: '1',
      member: '1',
      flag: '"t"',
      amount: '"1234.50"',
      big: '9007199254740993',
      wide: '123456789012345678901234567890',
      at: '"2025-03-23 04:50:50.25+02"',
      stamp: '"2025-03-23 02:50:50.250"',
      day: '"2025-03-23T00:00:00"',
      ratio: '"13.4"',
      label: '"plain"',
    },
    {
      _id: '2',
      member: '0',
      flag: '"f"',
      amount: '"-0.05"',
      big: '"-9007199254740993"',
      wide: '-98765432109876543210987654321.5',
      at: '"2025-03-23T02:50:50.250000Z"',
      stamp: '"2025-03-23T02:50:50"',
      day: '"2025-03-24"',
      ratio: '"NaN"',
      label: '""',
    },
    {
      _id: '3',
      member: 'null',
      flag: '"TRUE"',
      amount: 'null',
      big: 'null',
      wide: 'null',
      at: 'null',
      stamp: 'null',
      day: 'null',
      ratio: 'null',
      label: '"a,b"',
    },
    {
      _id: '4',
      member: '1',
      flag: 'false',
      amount: '0',
      big: '-1',
      wide: '0.5',
      at: '"1999-12-31T23:59:59-05:30"',
      stamp: '"1999-12-31 23:59:59.999999"',
      day: '"0044-03-15 BC"',
      ratio: '-0.5',
      label: '"tab\\there"',
    },
  ];
}
