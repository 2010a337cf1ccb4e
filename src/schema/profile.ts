// The profile format: maps the catalogue's logical names to one target's data and declares what it supports.
import { Type, type Static } from '@sinclair/typebox';
import { NormaliseSchema } from './baseline.ts';
import { CkanVersionSchema } from './ckan-version.ts';

const Name = Type.String({ pattern: '^[A-Za-z0-9_-]+$' });

export const ProfileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    name: Type.String({ minLength: 1, description: 'Profile name, shown in reports (target.profile).' }),
    description: Type.Optional(Type.String()),
    data: Type.Union([Type.Literal('fixtures'), Type.Literal('other')], {
      description: 'Whether the target serves the bundled fixtures data. Only then are fixture-exact expectations (expectOnFixtures) checked.',
    }),
    ckan: Type.Optional(
      Type.Union([CkanVersionSchema, Type.Literal('auto')], {
        description:
          'The CKAN version the target runs (its contract and version-specific cases), or auto: read from status_show, else from markers in the first responses.',
      }),
    ),
    capabilities: Type.Array(Type.String({ minLength: 1 }), {
      uniqueItems: true,
      description:
        'What the target supports, e.g. sql, private, token, locale, jsonp, ckan (answers exactly as CKAN does for the version in `ckan`; the older ckan-2.11 names both). A case whose `needs` are not all listed is not applicable.',
    }),
    resources: Type.Optional(
      Type.Record(Name, Type.String({ minLength: 1 }), {
        additionalProperties: false,
        description: 'Logical resource name -> resource id on this target; cases write ${resources.NAME}.',
      }),
    ),
    values: Type.Optional(
      Type.Record(Name, Type.Unknown(), {
        additionalProperties: false,
        description: 'Named sample values and field names the cases use; cases write ${values.NAME} (any JSON value).',
      }),
    ),
    normalise: Type.Optional(NormaliseSchema),
    token: Type.Optional(
      Type.Object(
        {
          env: Type.String({
            pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
            description: 'Environment variable that holds the API token (never write the token itself here).',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A validated profile file. */
export type Profile = Static<typeof ProfileSchema>;
