// Two reference servers over the same fixtures (diff's and upgrade-check's two releases) share one engine: the
// fixtures are read and checked, and PGlite's workers opened, once instead of once a side. Each server still answers as its
// own release; the engine only runs the statements they write.
import { resolveFixturesDir, type SessionTarget } from './session.ts';

/** The targets to open, with the shared engine (if any) in each reference one; close() closes that engine. */
export interface SharedTargets {
  targets: readonly [SessionTarget, SessionTarget];
  close(): Promise<void>;
}

/** Opens one engine for both targets when both are reference servers over the same folder; else leaves them as they are. */
export async function shareReferenceEngine(cwds: readonly [string, string], targets: readonly [SessionTarget, SessionTarget]): Promise<SharedTargets> {
  const [a, b] = targets;
  if (a.kind !== 'reference' || b.kind !== 'reference') return { targets, close: async () => {} };
  const dir = await resolveFixturesDir(cwds[0], a.fixturesDir);
  if (dir !== (await resolveFixturesDir(cwds[1], b.fixturesDir))) return { targets, close: async () => {} };
  const { openReferenceEngine } = await import('../server/index.ts');
  const shared = await openReferenceEngine(dir);
  return {
    targets: [
      { ...a, shared },
      { ...b, shared },
    ],
    close: () => shared.engine.close(),
  };
}
