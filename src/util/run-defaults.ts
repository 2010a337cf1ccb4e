// The run's default paths and limits, shared by the runner (catalogue, profile), the API that wires a run and the
// CLI's flags; in util/ so that a command that runs no catalogue (extract, serve) need not load the runner for them.

/** Defaults of a run: folders, the reference profile, and the HTTP limits. */
export const RUN_DEFAULTS = Object.freeze({
  casesDir: 'cases',
  fixturesDir: 'fixtures',
  referenceProfile: 'profiles/reference.yaml',
  concurrency: 8,
  timeoutMs: 30_000,
  retries: 0,
  outDir: 'reports',
  /** Which baseline files a run with a baseline folder writes (the CLI: none when CI is set). */
  updateBaseline: 'missing',
});
