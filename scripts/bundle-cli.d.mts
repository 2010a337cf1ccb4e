// Types of bundle-cli.mjs (plain JavaScript, as it runs before anything is built).
import type { BuildOptions } from 'esbuild';

/** Files under src/ that modules load at run time beside themselves and no compiler emits. */
export declare const ASSET_EXTENSIONS: ReadonlySet<string>;
/** esbuild's builds (the CLI, then the PGlite worker) of the sources under `root`, written to `outdir`. */
export declare function cliBundleOptions(root: string, outdir: string): BuildOptions[];
/** Copies the assets of src/ (by file name) into `target`, where the bundled modules look for them. */
export declare function copyAssets(root: string, target: string): void;
