// The kit's own catalogue, profile and fixtures, used when the default relative paths do not exist in the working
// directory (e.g. `npx datastore-kit run --reference` from another project).
import { access } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-info.ts';

/** Whether a file or folder exists (any error reading it counts as absent). */
export async function pathExists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * `given` as is (relative to `cwd`), except when it is the default (`defaultValue`) and missing under `cwd`: then the
 * absolute path of the bundled copy in the package, if that exists.
 */
export async function resolveWithBundled(cwd: string, given: string, defaultValue: string): Promise<string> {
  if (given !== defaultValue || (await pathExists(path.resolve(cwd, given)))) return given;
  const bundled = path.join(PACKAGE_ROOT, defaultValue);
  return (await pathExists(bundled)) ? bundled : given;
}

/** The kit's own case catalogue: the absolute path of `cases/` in the installed package. */
export const BUNDLED_CASES_DIR: string = path.join(PACKAGE_ROOT, 'cases');

/** The reference server's bundled fixtures (CSV files and their `datapackage.json`): `fixtures/` in the package. */
export const BUNDLED_FIXTURES_DIR: string = path.join(PACKAGE_ROOT, 'fixtures');

/** The bundled profiles (`reference.yaml` describes the reference server): `profiles/` in the package. */
export const BUNDLED_PROFILES_DIR: string = path.join(PACKAGE_ROOT, 'profiles');
