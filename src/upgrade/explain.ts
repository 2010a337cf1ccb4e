// The CKAN changes between two releases (the release trait table, src/schema/ckan-traits/), as the report states
// them, and the ones a change of this run is a symptom of.
import type { CkanRange, CkanRanges } from '../schema/ckan-version.ts';
import { traitsBetween, type TraitChange } from '../schema/ckan-traits/index.ts';
import type { TraitExplanation } from '../schema/upgrade-report.ts';
import type { ChangeSignature } from './classify.ts';
import { EXPECTED_CHANGES, SYMPTOMS } from './symptoms.ts';

/** A range end as people read it: a minor version as an upper end spans its patches (`2.10.x`). */
function describeRange(range: CkanRange): string {
  const max = range.max === undefined ? undefined : /^\d+\.\d+$/.test(range.max) ? `${range.max}.x` : range.max;
  if (range.min !== undefined && max !== undefined) return range.min === range.max ? `${range.min}.x` : `${range.min} to ${max}`;
  if (range.min !== undefined) return `${range.min} and later`;
  return max === undefined ? 'every release' : `up to ${max}`;
}

/** `2.10.8 to 2.10.x, 2.11.3 to 2.11.x`. */
export function describeRanges(ranges: CkanRanges): string {
  return (Array.isArray(ranges) ? ranges : [ranges]).map(describeRange).join(', ');
}

/** A trait change as the report states it. */
export function toExplanation({ trait, change }: TraitChange): TraitExplanation {
  return {
    id: trait.id,
    kind: trait.kind,
    change,
    does: trait.does,
    releases: describeRanges(trait.releases),
    ref: trait.ref,
    ...(trait.changelog === undefined ? {} : { changelog: trait.changelog }),
    ...(trait.fixed === undefined ? {} : { fixed: trait.fixed }),
  };
}

/** The traits between `from` and `to`, or undefined (with why) when either release is not one the kit knows. */
export function listTraitChanges(from: string | undefined, to: string | undefined): { changes: TraitChange[] } | { note: string } {
  if (from === undefined || to === undefined) return { note: 'the CKAN release of a target is not known (give --from and --to), so no change is explained' };
  try {
    return { changes: traitsBetween(from, to) };
  } catch (error) {
    if (error instanceof RangeError) return { note: `${error.message}: no change is explained` };
    throw error;
  }
}

/** The trait changes whose symptom this change of `request` matches, in the table's order. */
export function explainChange(change: ChangeSignature, request: string, between: readonly TraitChange[]): TraitChange[] {
  return between.filter(({ trait }) => SYMPTOMS[trait.id]?.({ ...change, request }) === true);
}

/** What the kit knows of a change beside the trait table, if anything. */
export function noteChange(change: ChangeSignature, request: string): string | undefined {
  return EXPECTED_CHANGES.find((expected) => expected.matches({ ...change, request }))?.note;
}
