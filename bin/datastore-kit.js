#!/usr/bin/env node
// Runs the built CLI (dist/cli/bin.js, compiled by tsc in `npm run build`, which `npm pack` and an install from git
// run through `prepack`; `npm ci` in a clone does not build). Node's own compile cache (Node 22.1 and later) keeps V8's compiled code of the kit's modules between
// starts; on older Node the modules are compiled at each start. Plain JavaScript: it runs before anything is built.
import { existsSync } from 'node:fs';
import module from 'node:module';

const entry = new URL('../dist/cli/bin.js', import.meta.url);
if (existsSync(entry)) {
  // why optional: module.enableCompileCache exists from Node 22.1; the cache sits in Node's default folder
  module.enableCompileCache?.();
  await import(entry.href);
} else {
  // why: a clone has no dist/ until `npm run build`; say how to build it instead of a stack trace
  process.stderr.write('datastore-kit: not built (no dist/); run `npm run build` in the package folder\n');
  process.exitCode = 3;
}
