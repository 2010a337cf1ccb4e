// Checks a schema cannot express: variable references are well-formed, `matches`/`bodyMatches`/`resultMatches`
// patterns compile, a relation's clause is in the case's spec.
// They run on the raw data (even when the schema check failed) so one run reports every problem at once.
import type { SchemaProblem } from './describe-errors.ts';
import { checkVariables } from './variables.ts';
import { isPlainObject } from '../util/json.ts';

type PointerProblem = SchemaProblem;

/** Flags for the regular expressions of `matches` predicates (`u`: strict syntax, code-point semantics). */
export const MATCHES_FLAGS = 'u';

/** Semantic problems of every case in a raw (not yet validated) case file. */
export function checkCaseFileSemantics(data: unknown): PointerProblem[] {
  if (!isPlainObject(data) || !Array.isArray(data['cases'])) return [];
  return data['cases'].flatMap((item: unknown, index) => (isPlainObject(item) ? checkCase(item, `/cases/${index}`) : []));
}

function checkCase(value: Record<string, unknown>, pointer: string): PointerProblem[] {
  return [
    ...checkVariables(value['request'], `${pointer}/request`),
    ...checkVariables(value['expect'], `${pointer}/expect`),
    ...checkVariables(value['expectOnFixtures'], `${pointer}/expectOnFixtures`),
    ...checkVariables(value['relation'], `${pointer}/relation`),
    ...checkRelationClause(value, pointer),
    ...checkPatterns(value['expect'], `${pointer}/expect`),
    ...checkPatterns(value['expectOnFixtures'], `${pointer}/expectOnFixtures`),
  ];
}

/** A relation names a clause the case lists in `spec`, so reports and coverage count it. */
function checkRelationClause(value: Record<string, unknown>, pointer: string): PointerProblem[] {
  const relation = value['relation'];
  const spec = Array.isArray(value['spec']) ? value['spec'] : [];
  if (!isPlainObject(relation) || typeof relation['clause'] !== 'string' || spec.includes(relation['clause'])) return [];
  return [{ pointer: `${pointer}/relation/clause`, message: `"${relation['clause']}" is not in the case's spec (add it there)` }];
}

function checkPatterns(expect: unknown, pointer: string): PointerProblem[] {
  if (!isPlainObject(expect)) return [];
  const bodyPattern = typeof expect['bodyMatches'] === 'string' ? regexError(expect['bodyMatches']) : undefined;
  const bodyProblems = bodyPattern === undefined ? [] : [{ pointer: `${pointer}/bodyMatches`, message: bodyPattern }];
  return [...bodyProblems, ...checkEveryPatterns(expect, pointer), ...checkResultPatterns(expect, pointer)];
}

function checkResultPatterns(expect: Record<string, unknown>, pointer: string): PointerProblem[] {
  const list = expect['resultMatches'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, index) => {
    if (!isPlainObject(item) || typeof item['matches'] !== 'string') return [];
    const message = regexError(item['matches']);
    return message === undefined ? [] : [{ pointer: `${pointer}/resultMatches/${index}/matches`, message }];
  });
}

function checkEveryPatterns(expect: Record<string, unknown>, pointer: string): PointerProblem[] {
  if (!isPlainObject(expect['records'])) return [];
  const every = expect['records']['every'];
  if (!Array.isArray(every)) return [];
  return every.flatMap((predicate: unknown, index) => {
    if (!isPlainObject(predicate) || typeof predicate['matches'] !== 'string') return [];
    const message = regexError(predicate['matches']);
    return message === undefined ? [] : [{ pointer: `${pointer}/records/every/${index}/matches`, message }];
  });
}

function regexError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, MATCHES_FLAGS);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // V8 repeats the pattern in its message; keep only the reason.
    const prefix = `Invalid regular expression: /${pattern}/${MATCHES_FLAGS}: `;
    return `is not a valid regular expression: ${reason.startsWith(prefix) ? reason.slice(prefix.length) : reason}`;
  }
}
