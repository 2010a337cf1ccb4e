// Two reference servers for diff tests: one over the bundled fixtures, one over a copy with one altered cell.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const TOKEN = 'diff-test-token-7f3a9c';

/** The bundled fixtures with the title of courses row `_id` (1-based line after the header) replaced. */
export async function alteredFixtures(id: number, title: string): Promise<{ dir: string; original: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dsk-diff-'));
  await cp(path.join(ROOT, 'fixtures'), dir, { recursive: true });
  const file = path.join(dir, 'courses.csv');
  const lines = (await readFile(file, 'utf8')).split('\n');
  const line = lines[id] ?? '';
  const original = line.slice(0, line.indexOf(','));
  lines[id] = `${title}${line.slice(line.indexOf(','))}`;
  await writeFile(file, lines.join('\n'));
  return { dir, original, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A reference server on port 0 over `fixturesDir`, reading private resources with TOKEN. */
export function startServer(fixturesDir: string): Promise<ReferenceServer> {
  return startReferenceServer({ fixturesDir, port: 0, config: { apiTokens: [TOKEN] } });
}

/** A server over the bundled fixtures, one over a copy with courses row 3's title changed, and a report folder. */
export interface DiffServers {
  original: ReferenceServer;
  altered: ReferenceServer;
  /** The title row 3 has on `original`; `altered` has ALTERED_TITLE. */
  originalTitle: string;
  out: string;
  close(): Promise<void>;
}

export const ALTERED_TITLE = 'Principles of Optics (revised)';

export async function startDiffServers(): Promise<DiffServers> {
  const fixtures = await alteredFixtures(3, ALTERED_TITLE);
  const [original, altered] = await Promise.all([startServer(path.join(ROOT, 'fixtures')), startServer(fixtures.dir)]);
  const out = await mkdtemp(path.join(tmpdir(), 'dsk-diff-out-'));
  return {
    original,
    altered,
    originalTitle: fixtures.original,
    out,
    async close() {
      await Promise.all([original.close(), altered.close()]);
      await fixtures.remove();
      await rm(out, { recursive: true, force: true });
    },
  };
}
