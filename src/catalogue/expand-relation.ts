// A case's relation for one variant: its related requests built from the case's request (a key given replaces the
// case's, null removes it), variables resolved, sent with the variant's method, locale and API path.
import type { Relation } from '../schema/case.ts';
import { isPlainObject } from '../util/json.ts';
import type { ResolvedRelation, ResolvedRequest } from './types.ts';
import { resolveVariables, type VariableScope } from './variables.ts';

/**
 * The relation of `request` (already resolved) for this variant, and the variables the profile lacks. `written` is
 * the case's request parameters as written (variables unresolved), to name the values each request filters on.
 */
export function resolveRelation(
  relation: Relation,
  request: ResolvedRequest,
  scope: VariableScope,
  written: Readonly<Record<string, unknown>> = {},
): { value: ResolvedRelation; missing: string[] } {
  const resolved = resolveVariables(relation, scope);
  const missing = [...resolved.missing];
  const valid = isRelation(resolved.value) ? resolved.value : relation;
  const requests = valid.requests.map(
    (related): ResolvedRequest => ({ ...request, action: related.action ?? request.action, params: override(request.params, related.params) }),
  );
  const value: ResolvedRelation = { rule: valid.rule, clause: valid.clause, requests };
  if (valid.field !== undefined) value.field = valid.field;
  if (valid.multiset === true) value.multiset = true;
  const pins = [pinsOf(written), ...relation.requests.map((related) => pinsOf(override(written, related.params)))];
  if (pins.some((names) => names.length > 0)) value.pins = pins;
  return { value, missing };
}

/** `params` with each key of `changes` replaced (null removes it). */
function override(params: Readonly<Record<string, unknown>> | undefined, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** The value names `${values.NAME}` in the values (not the keys) of `filters` and in `q`, in order, once each. */
function pinsOf(params: Readonly<Record<string, unknown>>): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const match of value.matchAll(/(?<!\$)\$\{values\.([A-Za-z0-9_-]+)/g)) names.add(match[1] ?? '');
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isPlainObject(value)) Object.values(value).forEach(visit);
  };
  visit(params['filters']);
  visit(params['q']);
  return [...names].filter((name) => name !== '');
}

// why: variables only replace strings inside the relation, so its shape is the validated one; this narrows the type
function isRelation(value: unknown): value is Relation {
  return isPlainObject(value) && typeof value['rule'] === 'string' && Array.isArray(value['requests']);
}
