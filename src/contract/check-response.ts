// checkResponse: a parsed response body against the chosen contract profile, as findings.
import type { Finding } from '../model/index.ts';
import { compileSchema, DEFAULT_CKAN_VERSION, type CkanVersion } from '../schema/index.ts';
import { toSchemaFindings } from './ajv-findings.ts';
import { BARE_400_SCHEMA, createErrorEnvelopeSchema, ERROR_OBJECT_BY_STATUS, GENERIC_ERROR_OBJECT } from './ckan-error-schemas.ts';
import { createSearchResultSchema, createSqlResultSchema, createSuccessEnvelopeSchema, type SearchFormat } from './ckan-schemas.ts';
import { contractTraits } from './ckan-traits.ts';
import { checkLinkOffsets } from './links.ts';
import { isRecordsFormat, type JsonSchema } from './json-schema.ts';
import { getChild } from '../util/json-pointer.ts';
import { SEED_SUCCESS_ANY_FORMAT_SCHEMA, SEED_SUCCESS_SCHEMA } from './seed-schemas.ts';
import { checkTypeAgreement } from './type-agreement.ts';

export type ContractProfile = 'seed' | 'ckan';

/** What checkResponse checks a response against: the action, the contract profile and the CKAN version. */
export interface CheckResponseOptions {
  /** The action called, e.g. `datastore_search` or `datastore_search_sql`. */
  action: string;
  profile: ContractProfile;
  /** The `records_format` the request asked for; absent or `""` means CKAN's default, `objects`. */
  recordsFormat?: string;
  /** The CKAN version whose shapes the `ckan` profile checks. Default DEFAULT_CKAN_VERSION (2.11). */
  ckanVersion?: CkanVersion;
}

/** The response to check: its HTTP status and its body, parsed JSON (`unknown`). */
export interface CheckedResponse {
  status: number;
  /** The parsed JSON body. */
  body: unknown;
}

/**
 * Checks a response against the `seed` profile (what the API description fixes) or the `ckan` profile
 * (one CKAN version's full shapes, 2.8–2.12, plus agreement of record values with `fields` types). Returns no findings when
 * the response keeps the contract. Rules: `contract.seed`, `contract.ckan`, `contract.types`.
 */
export function checkResponse(response: CheckedResponse, options: CheckResponseOptions): Finding[] {
  return options.profile === 'seed' ? checkSeed(response, options) : checkCkan(response, options);
}

function checkSeed(response: CheckedResponse, options: CheckResponseOptions): Finding[] {
  if (response.status < 200 || response.status > 299) return [];
  const format = options.recordsFormat ?? '';
  const schema = format === '' || format === 'objects' ? SEED_SUCCESS_SCHEMA : SEED_SUCCESS_ANY_FORMAT_SCHEMA;
  return validate(schema, response.body, 'contract.seed');
}

function checkCkan(response: CheckedResponse, options: CheckResponseOptions): Finding[] {
  const { status, body } = response;
  if (status === 400 && typeof body === 'string') return validate(BARE_400_SCHEMA, body, 'contract.ckan');
  if (status !== 200) return validate(errorSchemaFor(options.action, status), body, 'contract.ckan');
  const version = options.ckanVersion ?? DEFAULT_CKAN_VERSION;
  const format = expectedFormat(options.recordsFormat, body);
  const findings = validate(successSchemaFor(options.action, format, version), body, 'contract.ckan');
  const sql = options.action === 'datastore_search_sql';
  const traits = contractTraits(version);
  const recordsFormat = sql ? 'objects' : format.records;
  if (recordsFormat === 'objects' || recordsFormat === 'lists') {
    findings.push(
      ...checkTypeAgreement(body, recordsFormat, {
        action: sql ? 'sql' : 'search',
        sqlNumericAsString: traits.sqlNumericAsString,
        timestampMilliseconds: traits.timestampMilliseconds,
        looseColumns: !sql && !traits.fieldsFollowRecords,
      }),
    );
  }
  if (options.action === 'datastore_search') findings.push(...checkLinkOffsets(body, traits));
  return findings;
}

function expectedFormat(requested: string | undefined, body: unknown): SearchFormat {
  if (requested === undefined || requested === '') return { exact: 'objects', records: 'objects' };
  if (isRecordsFormat(requested)) return { exact: requested, records: requested };
  // An invalid format should have been a 409; for a 200, judge records by what the body claims.
  const claimed = getChild(getChild(body, 'result'), 'records_format');
  return { exact: undefined, records: isRecordsFormat(claimed) ? claimed : undefined };
}

// Schema values are built once per (action, format) so compileSchema's identity cache compiles each once.
const schemaCache = new Map<string, JsonSchema>();

function cachedSchema(key: string, build: () => JsonSchema): JsonSchema {
  let schema = schemaCache.get(key);
  if (schema === undefined) {
    schema = build();
    schemaCache.set(key, schema);
  }
  return schema;
}

function successSchemaFor(action: string, format: SearchFormat, version: CkanVersion): JsonSchema {
  return cachedSchema(`success|${action}|${format.exact}|${format.records}|${version}`, () => {
    if (action === 'datastore_search_sql') return createSuccessEnvelopeSchema(action, createSqlResultSchema(version));
    if (action !== 'datastore_search') return createSuccessEnvelopeSchema(action, true);
    return createSuccessEnvelopeSchema(action, createSearchResultSchema(format, version));
  });
}

function errorSchemaFor(action: string, status: number): JsonSchema {
  return cachedSchema(`error|${action}|${status}`, () => createErrorEnvelopeSchema(action, ERROR_OBJECT_BY_STATUS[status] ?? GENERIC_ERROR_OBJECT));
}

function validate(schema: JsonSchema, body: unknown, rule: string): Finding[] {
  const validator = compileSchema(typeof schema === 'boolean' ? {} : schema);
  if (validator(body)) return [];
  return toSchemaFindings(validator.errors ?? [], rule, body);
}
