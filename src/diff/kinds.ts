// The kind of a difference, apart from its values: what changed where (`record-changed /result/records title`), so
// that a difference every differing pair shows is reported once.
import type { PairResult } from '../schema/diff-report.ts';

/** The differences of a pair in detail: kind, pointer with positions as `*`, and the fields a record changed. */
function differenceDetails(pair: Pick<PairResult, 'differences'>): string[] {
  return pair.differences.map((d) => {
    const fields = (d.changes ?? []).map((c) => c.field).join(',');
    return `${d.kind} ${starred(d.path)}${fields === '' ? '' : ` ${fields}`}`;
  });
}

/**
 * What kind of difference a pair shows first, leaving out `except` (the differences every pair shows): the kind,
 * with the pointer where the kind alone does not say what differs (`body`, `error`, `fields`). A shrunk request
 * must keep it, so two bugs stay two; records compare as whole kinds (a change of which fields, or of matching by
 * `_id` or by position, is the same bug). Undefined when the pair shows only differences in `except`.
 */
export function primaryKind(pair: Pick<PairResult, 'differences'>, except: ReadonlySet<string>): string | undefined {
  const index = differenceDetails(pair).findIndex((detail) => !except.has(detail));
  const difference = pair.differences[index];
  if (difference === undefined) return undefined;
  return difference.kind.startsWith('record-') || difference.kind === 'total' ? difference.kind : `${difference.kind} ${starred(difference.path)}`;
}

/** Whether `pair` shows a difference of `kind` (primaryKind's form). */
export function showsKind(pair: Pick<PairResult, 'differences'>, kind: string): boolean {
  return pair.differences.some((d) => d.kind === kind || `${d.kind} ${starred(d.path)}` === kind);
}

function starred(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}

/**
 * The kinds every differing pair shows, when the differing pairs are at least 2 and at least half of the pairs that
 * were answered (a deployment's own difference shows in most answers; one bug's in the few requests that reach it);
 * pairs with more differences than were listed are left out. Each comes with the `normalise` rule that would hide it when it is a deployment's legitimate difference (an
 * `ignore` of its pointer).
 */
export function findSharedDifferences(pairs: readonly PairResult[]): { kind: string; pairs: number; normalise: string }[] {
  // why: a pair whose list was cut at the most differences shown may hide the shared one behind its record changes
  const differing = pairs.filter((p) => p.outcome === 'differ' && p.truncated !== true);
  const answered = pairs.filter((p) => p.outcome !== 'error').length;
  if (differing.length < 2 || differing.length * 2 < answered) return [];
  const [first, ...rest] = differing.map((p) => new Set(differenceDetails(p)));
  const shared = [...(first ?? [])].filter((kind) => rest.every((kinds) => kinds.has(kind)));
  return shared.map((kind) => ({ kind, pairs: differing.length, normalise: `normalise: { ignore: [${suggestIgnore(kind).join(', ')}] }` }));
}

/** The pointers to ignore for a kind: a changed record's fields in every record, else the pointer itself. */
function suggestIgnore(kind: string): string[] {
  const [, pointer = '', fields] = kind.split(' ');
  if (fields !== undefined) return fields.split(',').map((field) => `'/result/records/*/${field}'`);
  return [`'${pointer}'`];
}
