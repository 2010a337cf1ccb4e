// The job file (extracts.yaml): many extracts, each with the options of `extract` under their job keys
// (extract-options.ts declares them; this file only arranges them), plus the job's own name, concurrency and defaults.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EXTRACT_HTTP_OPTIONS, EXTRACT_OPTIONS, EXTRACT_SOURCE_OPTIONS, ExtractFormatSchema } from './extract-options.ts';
import { jobPropertiesOf, type JobPlace } from './option-table.ts';

export { ExtractFormatSchema };

const TABLES = [EXTRACT_OPTIONS, EXTRACT_HTTP_OPTIONS, EXTRACT_SOURCE_OPTIONS] as const;

function properties(place: JobPlace): Record<string, TSchema> {
  return Object.assign({}, ...TABLES.map((table) => jobPropertiesOf(table, place)));
}

export const JobExtractSchema = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$', description: 'Unique name of this extract in the job.' }),
    ...properties('item'),
  },
  { additionalProperties: false },
);

export const JobFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    target: Type.Optional(Type.String({ minLength: 1, description: 'Default base URL of the API for every extract.' })),
    concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 32, description: 'Extracts run at once (default 2).' })),
    defaults: Type.Optional(Type.Object(properties('defaults'), { additionalProperties: false })),
    extracts: Type.Array(JobExtractSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export type ExtractFormat = Static<typeof ExtractFormatSchema>;
/** One extract of a job file: its name, and its options by job key (read through the option tables). */
export type JobExtract = Static<typeof JobExtractSchema> & Readonly<Record<string, unknown>>;
export type JobFile = Omit<Static<typeof JobFileSchema>, 'defaults' | 'extracts'> & {
  defaults?: Readonly<Record<string, unknown>>;
  extracts: JobExtract[];
};
