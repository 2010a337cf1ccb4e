import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveWithBundled } from './bundled.ts';

describe('resolveWithBundled', () => {
  const empty = tmpdir();

  it('keeps a path given explicitly, even when missing', async () => {
    expect(await resolveWithBundled(empty, 'my-cases', 'cases')).toBe('my-cases');
  });

  it('keeps the default when it exists in the working folder', async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), 'dsk-bundled-'));
    try {
      await mkdir(path.join(cwd, 'cases'));
      expect(await resolveWithBundled(cwd, 'cases', 'cases')).toBe('cases');
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it('falls back to the package copy of a missing default', async () => {
    const resolved = await resolveWithBundled(path.join(empty, 'nowhere'), 'profiles/reference.yaml', 'profiles/reference.yaml');
    expect(resolved).toBe(path.resolve('profiles/reference.yaml'));
  });
});
