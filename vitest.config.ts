import { defineConfig } from 'vitest/config';

// The suite in five projects, so each kind can run alone (`npx vitest run --project unit`, `npm run test:unit`):
// - unit: no server, engine or process; the whole project runs in seconds;
// - server: the reference server, its engines and the runner against it, over real HTTP;
// - e2e: the CLI as a user runs it (in-process, and one real process per command), run again on every supported
//   Node major by .ci/run;
// - package: what the kit ships, checked once (not per Node major): the packed tarball installed and run, the
//   container image, the docs' examples, the HTML report in a browser;
// - mutants: the catalogue against deliberately broken targets (its sensitivity).
const UNIT = [
  'src/**/*.test.ts',
  'test/architecture.test.ts',
  'test/dockerignore.test.ts',
  'test/catalogue/**/*.test.ts',
  'test/reporters/**/*.test.ts',
  'test/contract/{check-response,infer-version,versions}.test.ts',
  'test/docs/{links,markdown-examples,spec-clauses,cli-reference}.test.ts',
  'test/probe/names.test.ts',
  'test/server/{app-input,app-routing}.test.ts',
  'test/sql/sql-parser-layer.test.ts',
];
const PACKAGE = ['test/package/**/*.test.ts', 'test/containers/**/*.test.ts', 'test/docs/doctest-*.test.ts', 'test/e2e/html-report-browser.test.ts'];
const E2E = ['test/e2e/**/*.test.ts', '{src,test}/**/*-cli.test.ts'];
const MUTANTS = ['test/mutants/**/*.test.ts'];
// why: the suite's forks build and drop JSON, HTTP bodies and rows by the gigabyte; V8's default young generation
// (16 MB semi-spaces) then spends a large share of the CPU in scavenges. 64 MB semi-spaces cut the CPU of the forked
// projects by 13-18% on this 2-core machine (docs/testing.md). Only the test workers: the kit's processes run as shipped
const FORKS = { pool: 'forks' as const, execArgv: ['--max-semi-space-size=64'] };

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // why: the TypeScript of the sources and tests, transformed once, is kept (by content) for the next run in
    // node_modules/.experimental-vitest-cache: about 6 s of CPU less per run on this machine once it is warm
    experimental: { fsModuleCache: true },
    hookTimeout: 120_000,
    reporters: ['default', './test/support/slowest-files.ts', './test/support/skipped-tests.ts'],
    // why: the suite starts hundreds of reference servers over the same fixtures; their PGlite workers are parked for
    // the next one (test-only state: the shipped server keeps nothing between engines)
    setupFiles: ['./test/support/keep-pglite-lanes.ts'],
    // why: PGlite opens are CPU-heavy and the machines have 2 cores; two workers keep the suite fast without thrashing
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: [...E2E, ...PACKAGE, ...MUTANTS], pool: 'threads', isolate: false } },
      { extends: true, test: { name: 'server', include: ['test/**/*.test.ts'], exclude: [...UNIT, ...E2E, ...PACKAGE, ...MUTANTS], isolate: false, ...FORKS } },
      { extends: true, test: { name: 'e2e', include: E2E, exclude: PACKAGE, isolate: false, ...FORKS } },
      { extends: true, test: { name: 'package', include: PACKAGE, isolate: false, ...FORKS } },
      { extends: true, test: { name: 'mutants', include: MUTANTS, ...FORKS } },
    ],
  },
});
