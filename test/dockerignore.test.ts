// The image build's context leaves out development packages by name (.dockerignore), to send and copy less; the
// Dockerfile's `npm prune --omit=dev` cannot bring back a package the context lacked, so every package left out
// must be one the lock file marks as development-only, or the image would miss it at run time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function leftOutPackages(): string[] {
  return readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('node_modules/') && line !== 'node_modules/.cache');
}

/** A .dockerignore line (`node_modules/name`, `node_modules/@scope`, `node_modules/prefix-*`) as a test of a lock file key. */
function matcher(pattern: string): (key: string) => boolean {
  const name = pattern.slice('node_modules/'.length);
  if (name.endsWith('*')) return (key) => key.startsWith(`node_modules/${name.slice(0, -1)}`);
  return (key) => key === `node_modules/${name}` || key.startsWith(`node_modules/${name}/`);
}

describe('.dockerignore', () => {
  it('leaves out only packages the lock file marks as development-only, each of which it finds there', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const keys = Object.keys(lock.packages);
    const patterns = leftOutPackages();
    expect(patterns.length).toBeGreaterThan(5);
    for (const pattern of patterns) {
      const matched = keys.filter(matcher(pattern));
      expect(matched, `${pattern} matches no package of package-lock.json`).not.toEqual([]);
      expect(
        matched.filter((key) => lock.packages[key]?.dev !== true),
        `${pattern} leaves out packages the image needs`,
      ).toEqual([]);
    }
  });

  it('keeps TypeScript and the Node types, which the image build needs to compile a stale dist/', () => {
    const patterns = leftOutPackages();
    for (const needed of ['node_modules/typescript', 'node_modules/@types/node']) expect(patterns.filter((pattern) => matcher(pattern)(needed))).toEqual([]);
  });
});
