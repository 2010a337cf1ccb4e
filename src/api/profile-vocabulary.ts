// The names a profile may use in `run` and `diff`: the selected catalogue's, and every name the kit's own cases
// and probe know, so a profile written for the bundled catalogue also runs a smaller one, but a typo stops the run.
import { KIT_CAPABILITIES, type CatalogueNames } from '../catalogue/index.ts';
import { PROBE_RESOURCES, PROBE_VALUES } from '../probe/index.ts';

/** Names known whatever the catalogue: the kit's capabilities and the resource and value names probe writes. */
export const KIT_PROFILE_NAMES: CatalogueNames = Object.freeze({
  capabilities: [...KIT_CAPABILITIES],
  resources: Object.keys(PROBE_RESOURCES),
  values: Object.keys(PROBE_VALUES),
});
