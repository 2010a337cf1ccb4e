// A column's declared type (the `type` of its field: PostgreSQL's typname as CKAN reports it, or the SQL name
// another implementation may give) as the kind of value it holds, which decides how each value is checked and
// written (value-fit.ts) and which Parquet column it becomes (parquet-types.ts).

export type ColumnKind =
  | { kind: 'bool' }
  | { kind: 'integer'; type: 'int2' | 'int4' | 'int8'; min: bigint; max: bigint }
  | { kind: 'float'; type: 'float4' | 'float8'; bits: 32 | 64 }
  | { kind: 'numeric' }
  | { kind: 'date' }
  | { kind: 'timestamp'; zoned: boolean }
  | { kind: 'time'; zoned: boolean }
  | { kind: 'json' }
  /** text and every type not listed: written as the API gave it */
  | { kind: 'text' }
  | { kind: 'array'; element: ColumnKind };

const int = (type: 'int2' | 'int4' | 'int8', bits: number): ColumnKind => ({
  kind: 'integer',
  type,
  min: -(2n ** BigInt(bits - 1)),
  max: 2n ** BigInt(bits - 1) - 1n,
});

const KINDS: Readonly<Record<string, ColumnKind>> = {
  bool: { kind: 'bool' },
  boolean: { kind: 'bool' },
  int2: int('int2', 16),
  smallint: int('int2', 16),
  // why: CKAN reports `_id` as `int`, PostgreSQL's integer (int4)
  int: int('int4', 32),
  int4: int('int4', 32),
  integer: int('int4', 32),
  int8: int('int8', 64),
  bigint: int('int8', 64),
  float4: { kind: 'float', type: 'float4', bits: 32 },
  real: { kind: 'float', type: 'float4', bits: 32 },
  float8: { kind: 'float', type: 'float8', bits: 64 },
  'double precision': { kind: 'float', type: 'float8', bits: 64 },
  // why: CKAN's rank columns and its type guessing say `float`, which PostgreSQL makes float8
  float: { kind: 'float', type: 'float8', bits: 64 },
  numeric: { kind: 'numeric' },
  decimal: { kind: 'numeric' },
  date: { kind: 'date' },
  timestamp: { kind: 'timestamp', zoned: false },
  'timestamp without time zone': { kind: 'timestamp', zoned: false },
  timestamptz: { kind: 'timestamp', zoned: true },
  'timestamp with time zone': { kind: 'timestamp', zoned: true },
  time: { kind: 'time', zoned: false },
  'time without time zone': { kind: 'time', zoned: false },
  timetz: { kind: 'time', zoned: true },
  'time with time zone': { kind: 'time', zoned: true },
  json: { kind: 'json' },
  jsonb: { kind: 'json' },
  nested: { kind: 'json' },
};

/** The kind of a declared type: `_int4` and `int4[]` are arrays of int4; an unknown type is text. */
export function columnKindOf(type: string): ColumnKind {
  const name = type.trim().toLowerCase();
  if (name.startsWith('_')) return { kind: 'array', element: columnKindOf(name.slice(1)) };
  if (name.endsWith('[]')) return { kind: 'array', element: columnKindOf(name.slice(0, -2)) };
  return (Object.hasOwn(KINDS, name) ? KINDS[name] : undefined) ?? { kind: 'text' };
}
