// A case's relation for one variant: its related requests built from the case's request (a key given replaces the
// case's, null removes it), variables resolved, sent with the variant's method, locale and API path.
import type { Relation } from '../schema/case.ts';
import { isPlainObject } from '../util/json.ts';
import type { ResolvedRelation, ResolvedRequest } from './types.ts';
import { resolveVariables, type VariableScope } from './variables.ts';

/** The relation of `request` (already resolved) for this variant, and the variables the profile lacks. */
export function resolveRelation(relation: Relation, request: ResolvedRequest, scope: VariableScope): { value: ResolvedRelation; missing: string[] } {
  const resolved = resolveVariables(relation, scope);
  const missing = [...resolved.missing];
  const written = isRelation(resolved.value) ? resolved.value : relation;
  const requests = written.requests.map((related): ResolvedRequest => {
    const params: Record<string, unknown> = { ...request.params };
    for (const [key, value] of Object.entries(related.params)) {
      if (value === null) delete params[key];
      else params[key] = value;
    }
    return { ...request, action: related.action ?? request.action, params };
  });
  const value: ResolvedRelation = { rule: written.rule, clause: written.clause, requests };
  if (written.field !== undefined) value.field = written.field;
  return { value, missing };
}

// why: variables only replace strings inside the relation, so its shape is the validated one; this narrows the type
function isRelation(value: unknown): value is Relation {
  return isPlainObject(value) && typeof value['rule'] === 'string' && Array.isArray(value['requests']);
}
