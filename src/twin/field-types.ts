// The mirror's columns: each served field (`result.fields`) as a field of the mirror's data package, its type the
// target's own where the fixtures loader knows it, else told from the values when the target names none.
import { JsonNumber, type LosslessValue } from '../extract/index.ts';

/** One column as the target serves it: its id, the type `result.fields` names (if any) and its data-dictionary info. */
export interface ServedField {
  id: string;
  type: string | undefined;
  info?: { label?: string; notes?: string } | undefined;
}

/** One field of the mirror's datapackage.json (Frictionless `type`, with the DataStore type as `ckanType`). */
export interface PackageFieldJson {
  name: string;
  type: string;
  ckanType?: string;
  title?: string;
  description?: string;
}

// names some implementations give their columns that are not CKAN's (Frictionless and JSON Schema words)
const SYNONYMS: Readonly<Record<string, string>> = {
  number: 'numeric',
  datetime: 'timestamp',
  object: 'json',
  array: '_text',
  string: 'text',
  boolean: 'bool',
};

/** What the values of a field without a served type were: the JSON kinds seen. */
export type SeenKinds = Set<'text' | 'integer' | 'number' | 'bool' | 'json'>;

/** Adds the kind of `value` to `seen` (a field whose target names no type). */
export function noteKind(seen: SeenKinds, value: LosslessValue | undefined): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'string') seen.add('text');
  else if (typeof value === 'boolean') seen.add('bool');
  else if (value instanceof JsonNumber) seen.add(/^-?\d+$/.test(value.text) ? 'integer' : 'number');
  else seen.add('json');
}

function typeOfKinds(seen: SeenKinds): Pick<PackageFieldJson, 'type' | 'ckanType'> {
  if (seen.size === 1 && seen.has('bool')) return { type: 'boolean' };
  if (seen.size === 1 && seen.has('integer')) return { type: 'integer' };
  if ([...seen].every((kind) => kind === 'integer' || kind === 'number') && seen.size > 0) return { type: 'number' };
  if (seen.size === 1 && seen.has('json')) return { type: 'string', ckanType: 'json' };
  return { type: 'string' };
}

/**
 * The mirror's field for a served one. `asText`: the target's type could not be mirrored (the loader refused it or
 * the mirror rendered its values otherwise), so the values are kept as text. `seen`: the kinds of its values, for a
 * field whose target names no type.
 */
export function toPackageField(field: ServedField, options: { asText: boolean; seen?: SeenKinds }): PackageFieldJson {
  const described: PackageFieldJson = { name: field.id, type: 'string' };
  if (field.info?.label !== undefined) described.title = field.info.label;
  if (field.info?.notes !== undefined) described.description = field.info.notes;
  if (options.asText) return described;
  if (field.type === undefined) return { ...described, ...typeOfKinds(options.seen ?? new Set()) };
  const type = SYNONYMS[field.type.toLowerCase()] ?? field.type;
  // why: an int column may hold values beyond int4 on another implementation; the loader widens `integer` when needed
  if (/^(int|integer)$/i.test(type)) return { ...described, type: 'integer' };
  return type === 'text' ? described : { ...described, ckanType: type };
}

/** A served `result.fields` entry as a ServedField, or undefined when it has no string id. */
export function readServedField(entry: LosslessValue): ServedField | undefined {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry) || entry instanceof JsonNumber) return undefined;
  const { id, type, info } = entry;
  if (typeof id !== 'string') return undefined;
  const field: ServedField = { id, type: typeof type === 'string' ? type : undefined };
  if (info !== null && typeof info === 'object' && !Array.isArray(info) && !(info instanceof JsonNumber)) {
    const { label, notes } = info;
    field.info = { ...(typeof label === 'string' ? { label } : {}), ...(typeof notes === 'string' ? { notes } : {}) };
  }
  return field;
}
