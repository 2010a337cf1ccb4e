// The one check of an option's value against its declared schema, with the words every front door prints after the
// option's name there (`--page-size`, `/extracts/0/pageSize`, `pageSize`): `must be a whole number from 1 to
// 1000000, got 0`. It reads the JSON Schema keywords the option tables use (type, minimum, maximum,
// exclusiveMinimum, minLength, pattern, items, minItems, literal unions); option-check.test.ts holds it to Ajv's
// verdict on every declared option, so a job file (validated by Ajv) and a flag agree.
import type { TSchema } from '@sinclair/typebox';
import { OptionsError } from '../errors.ts';
import { isPlainObject } from '../util/json.ts';
import type { OptionTable, OptionValues, ResolvedOptionValues } from './option-table.ts';

/** A value given for an option that its declaration refuses: the option's key and what is wrong. */
export interface OptionProblem {
  readonly key: string;
  /** Words after the option's name, e.g. `must be a whole number >= 0, got -1`. */
  readonly detail: string;
}

/** Why `value` is not a value of `schema` (words after the option's name), or undefined when it is one. */
export function checkOptionValue(schema: TSchema, value: unknown): string | undefined {
  const choices = literalChoices(schema);
  if (choices !== undefined) return choices.includes(value) ? undefined : `must be one of ${choices.map(String).join(', ')}, got ${showValue(value)}`;
  const branches = subSchemas(schema['anyOf']);
  if (branches !== undefined) {
    if (branches.some((branch) => checkOptionValue(branch, value) === undefined)) return undefined;
    return `must be ${branches.map(kindOf).join(' or ')}, got ${showValue(value)}`;
  }
  switch (schema['type']) {
    case 'integer':
    case 'number':
      return checkNumber(schema, value);
    case 'string':
      return checkText(schema, value);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `must be true or false, got ${showValue(value)}`;
    case 'array':
      return checkList(schema, value);
    case 'object':
      return checkObject(schema, value);
    default:
      return undefined;
  }
}

/** A value as a message shows it: numbers and booleans as they are, text quoted, anything else as short JSON. */
export function showValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The values of a union of literals (an option's choices), or undefined for any other schema. */
export function literalChoices(schema: TSchema): readonly unknown[] | undefined {
  const branches: unknown = schema['anyOf'];
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const values = branches.map((branch: unknown) => (typeof branch === 'object' && branch !== null && 'const' in branch ? branch.const : undefined));
  return values.every((v) => v !== undefined) ? values : undefined;
}

function bound(schema: TSchema, keyword: string): number | undefined {
  const value: unknown = schema[keyword];
  return typeof value === 'number' ? value : undefined;
}

function checkNumber(schema: TSchema, value: unknown): string | undefined {
  const whole = schema['type'] === 'integer';
  const min = bound(schema, 'minimum');
  const max = bound(schema, 'maximum');
  const above = bound(schema, 'exclusiveMinimum');
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!whole || Number.isInteger(value)) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max) &&
    (above === undefined || value > above);
  if (ok) return undefined;
  const kind = whole ? 'a whole number' : 'a number';
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : [min === undefined ? '' : ` >= ${min}`, above === undefined ? '' : ` > ${above}`, max === undefined ? '' : ` <= ${max}`].join('');
  return `must be ${kind}${range}, got ${showValue(value)}`;
}

function checkText(schema: TSchema, value: unknown): string | undefined {
  if (typeof value !== 'string') return `must be a text, got ${showValue(value)}`;
  const minLength = bound(schema, 'minLength');
  if (minLength !== undefined && value.length < minLength) return minLength === 1 ? 'must not be empty' : `must have at least ${minLength} characters`;
  const pattern: unknown = schema['pattern'];
  if (typeof pattern === 'string' && !new RegExp(pattern, 'u').test(value)) return `must match ${pattern}, got ${showValue(value)}`;
  return undefined;
}

function checkList(schema: TSchema, value: unknown): string | undefined {
  if (!Array.isArray(value)) return `must be a list, got ${showValue(value)}`;
  const minItems = bound(schema, 'minItems');
  if (minItems !== undefined && value.length < minItems) return `must have at least ${minItems} item${minItems === 1 ? '' : 's'}`;
  const items: unknown = schema['items'];
  if (typeof items !== 'object' || items === null) return undefined;
  for (const [index, item] of value.entries()) {
    // why: TypeBox's item schemas are TSchema values; `items` is one of them
    const detail = checkOptionValue(items as TSchema, item);
    if (detail !== undefined) return `item ${index + 1} ${detail}`;
  }
  return undefined;
}

/** The given values of `table`'s options that its declarations accept, and the problems of the others. */
export function readOptionValues<T extends OptionTable>(
  table: T,
  given: Readonly<Record<string, unknown>>,
): { values: OptionValues<T>; problems: OptionProblem[] } {
  const values: Record<string, unknown> = {};
  const problems: OptionProblem[] = [];
  for (const [key, declared] of Object.entries(table)) {
    const value = given[key];
    if (value === undefined) continue;
    const detail = checkOptionValue(declared.schema, value);
    if (detail === undefined) values[key] = value;
    else problems.push({ key, detail });
  }
  // why: each value kept passed its own key's declaration just above
  return { values: values as OptionValues<T>, problems };
}

/** `values` over the defaults of `table`: every option with a default has a value. Frozen. */
export function withDefaults<T extends OptionTable>(table: T, values: OptionValues<T>): ResolvedOptionValues<T> {
  const resolved: Record<string, unknown> = {};
  for (const [key, declared] of Object.entries(table)) resolved[key] = values[key] ?? declared.default;
  // why: built key by key from `table`: a given value, else the key's declared default
  return Object.freeze(resolved) as ResolvedOptionValues<T>;
}

/** Why `text` is not an http(s) URL (words after the option's name), or undefined. */
export function checkHttpUrl(text: string): string | undefined {
  let protocol: string;
  try {
    protocol = new URL(text).protocol;
  } catch {
    return `must be an http(s) URL, got ${showValue(text)}`;
  }
  return protocol === 'http:' || protocol === 'https:' ? undefined : `must be an http(s) URL, got ${showValue(text)}`;
}

function subSchemas(value: unknown): TSchema[] | undefined {
  // why: TypeBox's branch and property schemas are TSchema values, held as such by the option tables
  return Array.isArray(value) && value.length > 0 ? (value as TSchema[]) : undefined;
}

/** A schema's kind in words, for a union's message: `a text or a list`, `{ kind: "url", ... }`. */
function kindOf(schema: TSchema): string {
  const kinds: Record<string, string> = { string: 'a text', integer: 'a whole number', number: 'a number', boolean: 'true or false', array: 'a list' };
  const kind: unknown = schema['type'];
  const properties: unknown = schema['properties'];
  if (kind !== 'object' || !isPlainObject(properties)) return typeof kind === 'string' ? (kinds[kind] ?? 'an object') : 'a value';
  for (const [key, property] of Object.entries(properties))
    if (isPlainObject(property) && 'const' in property) return `{ ${key}: ${showValue(property['const'])}, ... }`;
  return 'an object';
}

function checkObject(schema: TSchema, value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `must be an object, got ${showValue(value)}`;
  const required: unknown = schema['required'];
  for (const key of Array.isArray(required) ? required : []) if (!(String(key) in value)) return `must have ${String(key)}`;
  const properties: unknown = schema['properties'];
  if (typeof properties !== 'object' || properties === null) return undefined;
  for (const [key, property] of Object.entries(properties)) {
    const given: unknown = Reflect.get(value, key);
    if (given === undefined) continue;
    // why: TypeBox's property schemas are TSchema values, as `properties` holds them
    const detail = checkOptionValue(property as TSchema, given);
    if (detail !== undefined) return `.${key} ${detail}`;
  }
  return undefined;
}

/** How a front door names an option in its messages, by the option's API name (`--page-size`, `pageSize`). */
export type OptionLabel = (key: string) => string;

/**
 * The given values of `table`'s options, each checked against its declaration; throws OptionsError (E_USAGE)
 * listing every refused value, named by `label`.
 */
export function checkOptionValues<T extends OptionTable>(table: T, given: Readonly<Record<string, unknown>>, label: OptionLabel): OptionValues<T> {
  const { values, problems } = readOptionValues(table, given);
  if (problems.length > 0) throw new OptionsError(problems.map((p) => ({ key: p.key, message: `${label(p.key)} ${p.detail}` })));
  return values;
}
