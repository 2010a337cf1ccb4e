// The codes of a case error (a variant that could not be exercised): the HTTP client's (HttpErrorCode: no answer,
// or one cut at the body cap), and the runner's own for an answer that came but cannot be judged.
import { HttpErrorCode } from '../http/index.ts';

export const CaseErrorCode = {
  ...HttpErrorCode,
  /** The answer is not JSON where a check needs JSON (HTML, a login page, an empty body, a redirect). */
  notJson: 'E_NOT_JSON',
  /** JSON but for bare NaN/Infinity number tokens, which JSON does not have. */
  jsonNonFinite: 'E_JSON_NON_FINITE',
} as const;
export type CaseErrorCode = (typeof CaseErrorCode)[keyof typeof CaseErrorCode];
