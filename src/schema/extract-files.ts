// The files an extract writes beside its output: the checkpoint (for --resume) and the manifest.
import { Type, type Static } from '@sinclair/typebox';
import { CHECKPOINT_VERSION, MANIFEST_VERSION } from './extract-constants.ts';

const PagingMethodSchema = Type.Union([
  Type.Literal('sql-keyset'),
  Type.Literal('next-page'),
  Type.Literal('offset'),
  Type.Literal('sql-offset'),
  Type.Literal('dump'),
]);

const ColumnSchema = Type.Object({ id: Type.String(), type: Type.String() }, { additionalProperties: false });

export const CheckpointSchema = Type.Object(
  {
    version: Type.Literal(CHECKPOINT_VERSION),
    specKey: Type.String({
      description: 'Hash of what is extracted (resolved resource id or SQL, filters, q, fields) and the output shape (format, gzip).',
    }),
    source: Type.Object(
      {
        target: Type.String({ description: 'The target as given, with URL credentials masked (for messages).' }),
        identity: Type.String({ description: 'Host and path of the target (or its label): the server the rows come from.' }),
      },
      { additionalProperties: false },
    ),
    method: PagingMethodSchema,
    columns: Type.Array(ColumnSchema),
    cursor: Type.Object(
      { lastId: Type.Union([Type.String({ pattern: '^\\d+$' }), Type.Null()]), offset: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
    rows: Type.Integer({ minimum: 0 }),
    bytes: Type.Integer({ minimum: 0 }),
    pages: Type.Integer({ minimum: 0 }),
    pageSizeUsed: Type.Integer({ minimum: 1, description: 'Rows per request the server allowed so far.' }),
    finished: Type.Optional(
      Type.Object(
        { bytes: Type.Integer({ minimum: 0 }), sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }) },
        { additionalProperties: false, description: 'Set once the whole output is written, before it is renamed into place.' },
      ),
    ),
    startedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const ManifestSchema = Type.Object(
  {
    manifestVersion: Type.Literal(MANIFEST_VERSION),
    output: Type.Object(
      {
        file: Type.String({ description: 'The output file, relative to the manifest (which sits beside it).' }),
        format: Type.String(),
        gzip: Type.Boolean(),
        bytes: Type.Integer({ minimum: 0 }),
        sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
      },
      { additionalProperties: false },
    ),
    source: Type.Object(
      {
        target: Type.String(),
        resource: Type.Optional(Type.String()),
        resourceId: Type.Optional(Type.String()),
        sql: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    query: Type.Object(
      {
        filters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        q: Type.Optional(Type.String()),
        fields: Type.Optional(Type.Array(Type.String())),
      },
      { additionalProperties: false },
    ),
    columns: Type.Array(ColumnSchema),
    rows: Type.Integer({ minimum: 0 }),
    paging: Type.Object(
      {
        method: PagingMethodSchema,
        pageSize: Type.Integer({ minimum: 1, description: 'Rows per request asked for.' }),
        pageSizeUsed: Type.Optional(
          Type.Integer({ minimum: 1, description: "Rows per request the server allowed (lower than pageSize when the server's maximum is)." }),
        ),
        pages: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    startedAt: Type.String({ format: 'date-time' }),
    finishedAt: Type.String({ format: 'date-time' }),
    resumed: Type.Boolean({ description: 'Whether the extract continued from a checkpoint.' }),
    totalCheck: Type.Union(
      [
        Type.Object({ serverTotal: Type.Integer({ minimum: 0 }), exact: Type.Boolean(), matches: Type.Boolean() }, { additionalProperties: false }),
        Type.Null(),
      ],
      { description: 'Row count against the server total (null when the server gave none, e.g. for SQL).' },
    ),
    warnings: Type.Array(Type.String()),
    precision: Type.Optional(
      Type.Array(
        Type.Object(
          {
            column: Type.String(),
            type: Type.String(),
            lost: Type.String({ description: 'What the paging method read loses of this column, as the target renders it.' }),
            keep: Type.String({ description: 'How to read the column whole.' }),
          },
          { additionalProperties: false },
        ),
        { description: 'Columns this paging method reads less precisely than another path of the target would.' },
      ),
    ),
    drift: Type.Optional(
      Type.Object(
        {
          previous: Type.Object({ file: Type.String(), finishedAt: Type.String(), rows: Type.Integer() }, { additionalProperties: false }),
          columnsAdded: Type.Array(Type.String()),
          columnsRemoved: Type.Array(Type.String()),
          columnsRetyped: Type.Array(Type.Object({ id: Type.String(), from: Type.String(), to: Type.String() }, { additionalProperties: false })),
          rowChange: Type.Integer({ description: 'Rows now minus rows in the previous run (0 for incremental runs).' }),
        },
        { additionalProperties: false, description: 'How this run differs from the previous run of the same extract.' },
      ),
    ),
    incremental: Type.Optional(
      Type.Object(
        {
          column: Type.String(),
          after: Type.Union([Type.String(), Type.Null()], { description: "The previous run's mark: rows after it were written (null: all rows)." }),
          through: Type.Union([Type.String(), Type.Null()], { description: 'The mark now: the last value written, where the next run starts.' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type Checkpoint = Static<typeof CheckpointSchema>;
/** The manifest an extract writes beside its file: source, columns, record count, checksum. */
export type Manifest = Static<typeof ManifestSchema>;
