// import() of a package the CLI bundle leaves out (libpg-query, testcontainers). bin/datastore-kit.js runs the
// bundle as a vm script, where import() would go through an experimental Node API that prints a warning on first
// use; bin/ hands in its own import() instead, under IMPORT_HOOK. Elsewhere (dist/, the sources) `load` runs.

/** The global under which bin/datastore-kit.js puts its `(name) => import(name)`. */
const IMPORT_HOOK = Symbol.for('datastore-kit.import');

/** The package `name`, through bin/'s import() when the CLI bundle runs, else through `load` (the same import). */
export function importPackage<M>(name: string, load: () => Promise<M>): Promise<M> {
  const hook: unknown = Reflect.get(globalThis, IMPORT_HOOK);
  // why the cast: the hook is bin/'s own import() of the same package `load` imports
  return typeof hook === 'function' ? (hook(name) as Promise<M>) : load();
}
