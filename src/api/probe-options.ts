// Probe options: the one place they are checked, whichever door they came through (the flags of `probe`, the API's
// `probeProfile()`). They are declared in schema/probe-options.ts. Pure.
import { checkHttpUrl, checkOptionValues, withDefaults, type OptionLabel } from '../schema/option-check.ts';
import type { OptionValues, ResolvedOptionValues } from '../schema/option-table.ts';
import { PROBE_OPTIONS } from '../schema/probe-options.ts';
import { OptionsError } from '../errors.ts';

/** The options of a probe, by the names of schema/probe-options.ts (docs/cli.md says what each means and its default). */
export type ProbeSettings = OptionValues<typeof PROBE_OPTIONS>;

/** A probe's options, checked and completed; frozen. */
export type ResolvedProbeOptions = ResolvedOptionValues<typeof PROBE_OPTIONS> & { readonly targetUrl: string };

/** Checks every value against its declaration (KitError E_USAGE naming it by `label`) and fills in the defaults. */
export function resolveProbeOptions(given: ProbeSettings, label: OptionLabel = (key) => key): ResolvedProbeOptions {
  const values = checkOptionValues(PROBE_OPTIONS, given, label);
  const targetUrl = values.targetUrl;
  const problem = targetUrl === undefined ? 'is required' : checkHttpUrl(targetUrl);
  if (targetUrl === undefined || problem !== undefined) throw new OptionsError([{ key: 'targetUrl', message: `${label('targetUrl')} ${problem}` }]);
  return Object.freeze({ ...withDefaults(PROBE_OPTIONS, values), targetUrl });
}
