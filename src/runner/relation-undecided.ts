// Why a relation decided nothing on this data, and which profile value to pin (`probe --value NAME=VALUE`) so it does:
// an answer that filled its page (a value in too many records) or held no record (a value in none).
import { countRecords, type RelationAnswer, type RelationOutcome } from './relation-records.ts';

/** A relation that compared nothing, with the reason. */
export function undecided(reason: string): RelationOutcome {
  return { findings: [], checked: false, undecided: reason };
}

/** Not decided when an answer may hold only part of its records (a full page); undefined when all are complete. */
export function findIncomplete(answers: readonly RelationAnswer[]): RelationOutcome | undefined {
  const partial = answers.find((a) => !a.complete);
  if (partial === undefined) return undefined;
  const returned = partial.records.length;
  const page =
    partial.total === undefined
      ? `its page of ${countRecords(returned)} (no result.total), so more records may match than it returns`
      : `its page (${returned.toLocaleString('en-US')} of ${countRecords(partial.total)}), so more records match than it returns`;
  return undecided(`${describe(partial)} filled ${page}${pinAdvice([partial], 'a value in fewer records')}`);
}

/** Not decided when `answer` holds no record. */
export function noRecords(answer: RelationAnswer): RelationOutcome {
  return undecided(`${describe(answer)} holds no record${pinAdvice([answer], 'a value found in records')}`);
}

/** "the case's answer" or the related request's label. */
export function describe(answer: RelationAnswer): string {
  return answer.label === '' ? "the case's answer" : answer.label;
}

/** `; pin <what> with --value NAME=VALUE or ...` for the values the first of `answers` naming some uses; else "". */
export function pinAdvice(answers: readonly RelationAnswer[], what: string): string {
  const pins = answers.find((a) => (a.pins?.length ?? 0) > 0)?.pins ?? [];
  if (pins.length === 0) return '';
  return `; pin ${what} with ${pins.map((name) => `--value ${name}=VALUE`).join(' or ')}`;
}
