// The CLI as two files, bundled by esbuild straight from src/: bin/datastore-kit.js runs dist/cli-bundle/bin.cjs
// (scripts/build.mjs), and the tests that start the CLI as a process run a bundle of the current sources
// (test/helpers/cli-bundle.ts). A start used to load about 500 modules one by one (the kit's, TypeBox's 200, yargs',
// Ajv's), a third of a short run's time. The CLI is one CommonJS script, so that bin/ can hand V8 a code cache for
// it (Node 20 has no code cache for ES modules); each command's modules are evaluated only when the command is
// named (esbuild defers modules reached by a dynamic import). `import.meta.url` is the bundle's own file URL.
// Left as packages: those that read files of their own (WASM, native addons) and the Docker client. The PGlite
// worker is an ES module of its own, found beside the bundle; the assets modules read beside themselves are
// copied beside it. Plain JavaScript, like build.mjs: it must run before anything is built.
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Files under src/ that modules load at run time beside themselves and no compiler emits. */
export const ASSET_EXTENSIONS = new Set(['.txt']);

const EXTERNAL = ['@electric-sql/pglite', 'libpg-query', 'pg', 'testcontainers'];

/**
 * Modules the bundle loads on first use: each exports a single function (`form`: an ES module's default export, or
 * CommonJS `module.exports`), and setting it up costs every start something that few starts need. An import of
 * one gets a stand-in that requires the real module on the first call (esbuild sets up a bundled module that is
 * require()d only when it is first required).
 */
const LAZY_MODULES = [
  // string-width (yargs, cliui and wrap-ansi measure help text with it) builds an Intl.Segmenter and Unicode
  // property regexes as it is set up: 11 ms of every start, for help that is rarely shown
  { specifier: /^string-width$/, form: 'esm' },
  // undici's HTTP/2 client loads node:http2 and node:tls (about 7 ms); the kit's Agent speaks HTTP/1.1 only
  { specifier: /^\.\/client-h2\.js$/, form: 'cjs' },
];

const lazyModules = {
  name: 'lazy-modules',
  setup(build) {
    for (const { specifier, form } of LAZY_MODULES) {
      build.onResolve({ filter: specifier }, async (args) => {
        if (args.pluginData === 'real') return undefined;
        const real = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'real' });
        return real.errors.length > 0 ? undefined : { path: real.path, namespace: 'lazy-module', pluginData: form };
      });
    }
    build.onLoad({ filter: /.*/, namespace: 'lazy-module' }, (args) => {
      const load = `require(${JSON.stringify(args.path)})`;
      const contents =
        args.pluginData === 'esm'
          ? `export default function lazy(...args) { return ${load}.default(...args); }`
          : `module.exports = function lazy(...args) { return ${load}(...args); };`;
      return { contents, resolveDir: path.dirname(args.path) };
    });
  },
};

/** esbuild's builds (the CLI, then the PGlite worker) of the sources under `root`, written to `outdir`. */
export function cliBundleOptions(root, outdir) {
  const common = { outdir, bundle: true, platform: 'node', target: 'node20', external: EXTERNAL, logLevel: 'warning' };
  return [
    {
      ...common,
      entryPoints: { bin: path.join(root, 'src/cli/bin.ts') },
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      define: { 'import.meta.url': '__dskModuleUrl' },
      plugins: [lazyModules],
      banner: { js: "const __dskModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    },
    {
      ...common,
      entryPoints: { 'pglite-worker': path.join(root, 'src/server/engines/pglite-worker.ts') },
      format: 'esm',
      // why: CommonJS packages inside an ES module bundle call require() for Node's own modules
      banner: { js: "import { createRequire as __dskCreateRequire } from 'node:module'; const require = __dskCreateRequire(import.meta.url);" },
    },
  ];
}

/** Copies the assets of src/ (by file name) into `target`, where the bundled modules look for them. */
export function copyAssets(root, target) {
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && ASSET_EXTENSIONS.has(path.extname(entry.name))) cpSync(path.join(entry.parentPath, entry.name), path.join(target, entry.name));
  }
}
