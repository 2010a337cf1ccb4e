// Variables in case values: ${resources.NAME}, ${values.NAME[.FIELD|.INDEX]...}, ${env.NAME}; `$${` writes a literal `${`.
// A string that is exactly one variable takes the variable's value (any JSON type); inside a longer string the
// value is interpolated as text. Object keys may hold variables too (always as text), e.g. a filter field name.
import { toPointer } from '../util/json-pointer.ts';
import { isPlainObject, setOwnMember } from '../util/json.ts';

/** The variable namespaces a case may use. */
export const VARIABLE_NAMESPACES = ['resources', 'values', 'env'] as const;
export type VariableNamespace = (typeof VARIABLE_NAMESPACES)[number];

/** What variables resolve against: the profile's maps and the environment (read by the caller, not here). */
export interface VariableScope {
  resources: Readonly<Record<string, string>>;
  values: Readonly<Record<string, unknown>>;
  env: Readonly<Record<string, string | undefined>>;
}

const VARIABLE = /\$(\$?)\{([^}]*)\}/g;
const NAME = /^[A-Za-z0-9_-]+$/;

/** A malformed variable reference found in a value, at a document pointer. */
export interface VariableProblem {
  pointer: string;
  /** Set when the reference is in an object key: the key, inside the object at `pointer`. */
  key?: string;
  message: string;
}

/** Finds malformed variable references (unknown namespace, bad name) in every string inside `value`. */
export function checkVariables(value: unknown, pointer: string): VariableProblem[] {
  const problems: VariableProblem[] = [];
  collectVariableProblems(value, [], (keys, problem) => problems.push({ ...problem, pointer: pointer + toPointer(keys) }));
  return problems;
}

// why a path of keys joined only on a problem, and the `${` test first: this runs over every value of every case
// (10k cases in a large catalogue), and almost no string holds a variable
function collectVariableProblems(value: unknown, keys: string[], report: (keys: readonly string[], problem: Omit<VariableProblem, 'pointer'>) => void): void {
  if (typeof value === 'string') {
    if (!value.includes('${')) return;
    for (const match of value.matchAll(VARIABLE)) {
      const message = match[1] === '$' ? undefined : checkReference(match[2] ?? '');
      if (message !== undefined) report(keys, { message: `"${match[0]}" ${message}` });
    }
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) collectVariableProblems(item, [...keys, String(i)], report);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      collectVariableProblems(key, keys, (at, problem) => report(at, { ...problem, key, message: `key ${problem.message}` }));
      collectVariableProblems(value[key], [...keys, key], report);
    }
  }
}

function checkReference(reference: string): string | undefined {
  const [namespace, ...path] = reference.split('.');
  if (!isNamespace(namespace)) {
    return `uses unknown namespace "${namespace ?? ''}" (use resources, values or env)`;
  }
  const singleName = namespace !== 'values';
  if (path.length === 0 || !path.every((p) => NAME.test(p)) || (singleName && path.length > 1)) {
    return `has a bad name (expected \${${namespace}.NAME}${singleName ? '' : ' or ${values.NAME.FIELD}'})`;
  }
  return undefined;
}

/**
 * Resolves every variable inside `value` (a new value is returned; the input is not mutated).
 * `missing` lists the references that have no value in the scope, e.g. `resources.courses`, `env.TOKEN`.
 */
export function resolveVariables(value: unknown, scope: VariableScope): { value: unknown; missing: string[] } {
  const missing = new Set<string>();
  const resolved = resolveValue(value, scope, missing);
  return { value: resolved, missing: [...missing] };
}

// why plain loops and the `${` test first: this runs over every value of every variant (13k variants for 10k
// cases), and almost no string holds a variable
function resolveValue(value: unknown, scope: VariableScope, missing: Set<string>): unknown {
  if (typeof value === 'string') return resolveString(value, scope, missing);
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, scope, missing));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const name = interpolate(key, scope, missing);
      const item = resolveValue(value[key], scope, missing);
      // why: a `__proto__` key (valid in YAML and JSON) must stay data, as Object.fromEntries kept it
      setOwnMember(out, name, item);
    }
    return out;
  }
  return value;
}

function resolveString(text: string, scope: VariableScope, missing: Set<string>): unknown {
  if (!text.includes('${')) return text;
  const whole = /^\$\{([^}]*)\}$/.exec(text);
  if (whole === null) return interpolate(text, scope, missing);
  const found = lookup(whole[1] ?? '', scope);
  if (found.ok) return structuredClone(found.value);
  missing.add(whole[1] ?? '');
  return text;
}

function interpolate(text: string, scope: VariableScope, missing: Set<string>): string {
  if (!text.includes('${')) return text;
  return text.replace(VARIABLE, (match: string, escaped: string, reference: string) => {
    if (escaped === '$') return match.slice(1);
    const found = lookup(reference, scope);
    if (!found.ok) {
      missing.add(reference);
      return match;
    }
    return typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
  });
}

function lookup(reference: string, scope: VariableScope): { ok: true; value: unknown } | { ok: false } {
  const [namespace, ...path] = reference.split('.');
  if (!isNamespace(namespace) || path.length === 0) return { ok: false };
  let current: unknown = scope[namespace];
  for (const key of path) {
    const next = childOf(current, key);
    if (next === undefined) return { ok: false };
    current = next;
  }
  return { ok: true, value: current };
}

// A field of an object, or an item of a list by its 0-based index (`${values.choices.1}`).
function childOf(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return /^\d+$/.test(key) ? value[Number(key)] : undefined;
  return isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

function isNamespace(value: string | undefined): value is VariableNamespace {
  return VARIABLE_NAMESPACES.some((ns) => ns === value);
}
