#!/usr/bin/env node
// Runs the built CLI (dist/cli-bundle/, built by `npm run build`, which `npm ci` and `npm pack` run through `prepare`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli-bundle/bin.js', import.meta.url);
if (existsSync(entry)) {
  await import(entry.href);
} else {
  // why: a clone installed with --ignore-scripts has no dist/ yet; say how to build it instead of a stack trace
  process.stderr.write('datastore-kit: not built (no dist/); run `npm run build` in the package folder\n');
  process.exitCode = 3;
}
