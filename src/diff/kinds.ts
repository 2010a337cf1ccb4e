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

function starred(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}

/**
 * The kinds every differing pair shows (at least 2 pairs), each with the `normalise` rule that would hide it when
 * it is a deployment's legitimate difference (an `ignore` of its pointer).
 */
export function findSharedDifferences(pairs: readonly PairResult[]): { kind: string; pairs: number; normalise: string }[] {
  const differing = pairs.filter((p) => p.outcome === 'differ');
  if (differing.length < 2) return [];
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
