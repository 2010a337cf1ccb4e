// The published JSON Schemas (cases/case.schema.json, profiles/profile.schema.json), derived from the TypeBox values.
import { CaseFileSchema } from '../schema/case.ts';
import { ProfileSchema } from '../schema/profile.ts';

/** `$id` of the published case-file schema. */
export const CASE_SCHEMA_ID = 'urn:datastore-kit:schema:case-file';

/** `$id` of the published profile schema. */
export const PROFILE_SCHEMA_ID = 'urn:datastore-kit:schema:profile';

/** The case-file JSON Schema as published: CaseFileSchema plus `$schema`, `$id`, title and description. */
export function buildCaseJsonSchema(): Record<string, unknown> {
  return publish(CaseFileSchema, {
    $id: CASE_SCHEMA_ID,
    title: 'datastore-kit case file',
    description:
      'A file of request cases for the datastore-kit conformance catalogue: each case sends one request to a CKAN DataStore read action and states what the response must satisfy.',
  });
}

/** The profile JSON Schema as published. */
export function buildProfileJsonSchema(): Record<string, unknown> {
  return publish(ProfileSchema, {
    $id: PROFILE_SCHEMA_ID,
    title: 'datastore-kit profile',
    description: "Maps the catalogue's logical resource names and sample values to one target, and lists what it supports.",
  });
}

/** The file text of cases/case.schema.json (2-space JSON, trailing newline). */
export function renderCaseJsonSchema(): string {
  return `${JSON.stringify(buildCaseJsonSchema(), null, 2)}\n`;
}

/** The file text of profiles/profile.schema.json. */
export function renderProfileJsonSchema(): string {
  return `${JSON.stringify(buildProfileJsonSchema(), null, 2)}\n`;
}

function publish(schema: object, header: { $id: string; title: string; description: string }): Record<string, unknown> {
  // A JSON round-trip drops TypeBox's symbol keys, leaving plain JSON Schema.
  const plain: unknown = JSON.parse(JSON.stringify(schema));
  const body = typeof plain === 'object' && plain !== null ? plain : {};
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...header, ...body };
}
