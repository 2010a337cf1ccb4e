import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/helpers/temp-dirs.ts';
import { pruneCacheDir } from './user-cache-dir.ts';

const tempDir = useTempDirs('dsk-prune-');

describe('pruneCacheDir', () => {
  it("removes other builds' entries older than the grace period, never this build's, once per folder per process", async () => {
    const dir = tempDir();
    const now = Date.parse('2026-11-26T12:00:00Z');
    const at = (name: string, iso: string): void => {
      writeFileSync(path.join(dir, name), name);
      const when = new Date(iso);
      utimesSync(path.join(dir, name), when, when);
    };
    for (let n = 0; n < 150; n++) at(`0ldbuild-${n}.v8`, '2026-11-26T10:00:00Z');
    at('noprefixentry.v8', '2026-11-20T12:00:00Z');
    at('0ldbuild-recent.v8', '2026-11-26T11:30:00Z');
    at('thisbuild-old.v8', '2026-01-01T00:00:00Z');
    await pruneCacheDir(dir, 'thisbuild', { nowMs: now });
    expect(readdirSync(dir).sort()).toEqual(['0ldbuild-recent.v8', 'thisbuild-old.v8']);
    at('0ldbuild-again.v8', '2026-11-01T00:00:00Z');
    await pruneCacheDir(dir, 'thisbuild', { nowMs: now });
    expect(readdirSync(dir)).toContain('0ldbuild-again.v8');
  });

  it('is quiet about a folder that does not exist', async () => {
    await expect(pruneCacheDir(path.join(tmpdir(), 'dsk-prune-missing-folder', 'x'), 'stamp')).resolves.toBeUndefined();
  });
});
