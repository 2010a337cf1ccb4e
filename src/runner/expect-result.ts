// `resultMatches`: keys of result whose values match a regular expression, checked on the parsed JSON in any key
// order (a JSON-equal answer with its keys in another order passes); a key marked optional may be absent.
import { MATCHES_FLAGS } from '../catalogue/index.ts';
import type { Expect, Finding } from '../model/index.ts';
import { isPlainObject, showJson } from '../util/json.ts';
import { escapePointerToken } from '../util/json-pointer.ts';

/** Findings of `resultMatches` on `result` (rule `<prefix>resultMatches`). */
export function checkResultMatches(expected: NonNullable<Expect['resultMatches']>, result: unknown, prefix: string): Finding[] {
  const res = isPlainObject(result) ? result : {};
  return expected.flatMap(({ key, matches, optional }): Finding[] => {
    const path = `/result/${escapePointerToken(key)}`;
    if (!Object.hasOwn(res, key)) {
      return optional === true ? [] : [{ rule: `${prefix}resultMatches`, path, message: `result has no "${key}" (expected a value matching /${matches}/)` }];
    }
    const value = res[key];
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (new RegExp(matches, MATCHES_FLAGS).test(text)) return [];
    return [
      {
        rule: `${prefix}resultMatches`,
        path,
        message: `result.${key} is ${showJson(value, 120)}, which does not match /${matches}/`,
        expected: matches,
        actual: value,
      },
    ];
  });
}
