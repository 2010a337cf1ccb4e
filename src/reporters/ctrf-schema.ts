// The CTRF (Common Test Report Format, ctrf.io) document shape, written as a schema value from the spec's
// field list: the fields this kit emits plus the spec's optional ones, so tests validate what we render.
import { Type, type Static } from '@sinclair/typebox';

const Extra = Type.Optional(Type.Object({}, { additionalProperties: true, description: 'Extension point.' }));
const Int = Type.Integer;
const Status = Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('skipped'), Type.Literal('pending'), Type.Literal('other')]);

const CtrfTestSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    status: Status,
    duration: Int({ description: 'Milliseconds.' }),
    start: Type.Optional(Int()),
    stop: Type.Optional(Int()),
    suite: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'Suite path, top level first.' })),
    message: Type.Optional(Type.String()),
    trace: Type.Optional(Type.String()),
    snippet: Type.Optional(Type.String()),
    line: Type.Optional(Int()),
    rawStatus: Type.Optional(Type.String()),
    tags: Type.Optional(Type.Array(Type.String())),
    type: Type.Optional(Type.String()),
    filePath: Type.Optional(Type.String()),
    retries: Type.Optional(Int()),
    flaky: Type.Optional(Type.Boolean()),
    stdout: Type.Optional(Type.Array(Type.String())),
    stderr: Type.Optional(Type.Array(Type.String())),
    parameters: Type.Optional(Type.Object({}, { additionalProperties: true })),
    extra: Extra,
  },
  { additionalProperties: false },
);

const CtrfSummarySchema = Type.Object(
  {
    tests: Int(),
    passed: Int(),
    failed: Int(),
    skipped: Int(),
    pending: Int(),
    other: Int(),
    flaky: Type.Optional(Int()),
    suites: Type.Optional(Int()),
    start: Int({ description: 'Milliseconds since the Unix epoch.' }),
    stop: Int({ description: 'Milliseconds since the Unix epoch.' }),
    duration: Type.Optional(Int()),
    extra: Extra,
  },
  { additionalProperties: false },
);

const CtrfEnvironmentSchema = Type.Object(
  {
    reportName: Type.Optional(Type.String()),
    appName: Type.Optional(Type.String()),
    appVersion: Type.Optional(Type.String()),
    buildName: Type.Optional(Type.String()),
    buildNumber: Type.Optional(Int()),
    buildUrl: Type.Optional(Type.String()),
    osPlatform: Type.Optional(Type.String()),
    testEnvironment: Type.Optional(Type.String()),
    healthy: Type.Optional(Type.Boolean()),
    extra: Extra,
  },
  { additionalProperties: false },
);

export const CtrfReportSchema = Type.Object(
  {
    reportFormat: Type.Literal('CTRF'),
    specVersion: Type.String({ pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+$' }),
    timestamp: Type.Optional(Type.String({ format: 'date-time' })),
    generatedBy: Type.Optional(Type.String()),
    results: Type.Object(
      {
        tool: Type.Object({ name: Type.String({ minLength: 1 }), version: Type.Optional(Type.String()), extra: Extra }, { additionalProperties: false }),
        summary: CtrfSummarySchema,
        tests: Type.Array(CtrfTestSchema),
        environment: Type.Optional(CtrfEnvironmentSchema),
        extra: Extra,
      },
      { additionalProperties: false },
    ),
    extra: Extra,
  },
  { additionalProperties: false },
);

export type CtrfReport = Static<typeof CtrfReportSchema>;
export type CtrfTest = Static<typeof CtrfTestSchema>;
export type CtrfStatus = Static<typeof Status>;
