// Where the reference servers of an upgrade check get their data: the bundled fixtures, a fixtures folder of
// the site's own, and (with the twin) a mirror of a live site. A data source is the target both servers are
// started on and the profile that names its resources; adding one is one function here.
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import type { RunTarget } from './run-options.ts';

/** The data both reference servers serve, one answering as each release. */
export interface UpgradeDataSource {
  /** How the reports name it, e.g. `fixtures/ (bundled)`. */
  readonly label: string;
  /** The reference target each server is started on. */
  readonly target: Extract<RunTarget, { kind: 'reference' }>;
  /**
   * The profile naming its resources and values (for the catalogue and generated requests); undefined: none is
   * known, so only requests from traffic can be sent.
   */
  readonly profileFile: string | undefined;
}

/**
 * A fixtures folder (CSV files and datapackage.json, docs/reference-server.md). The bundled one comes with
 * `profiles/reference.yaml`; another one needs its own profile (`profileFile`) for the catalogue.
 */
export function fixturesSource(dir: string, profileFile: string | undefined): UpgradeDataSource {
  const bundled = dir === RUN_DEFAULTS.fixturesDir;
  return {
    label: bundled ? `${dir}/ (the bundled fixtures)` : `${dir}/`,
    target: { kind: 'reference', fixturesDir: dir },
    profileFile: profileFile ?? (bundled ? RUN_DEFAULTS.referenceProfile : undefined),
  };
}
