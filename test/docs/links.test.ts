// Every relative link of README.md and docs/*.md resolves: the file exists, and a #fragment names a heading of it
// (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBlocks } from './markdown-examples.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced blocks (links in examples are not links). */
function prose(text: string): string {
  const lines = text.split('\n');
  for (const block of readBlocks(text)) lines.fill('', block.line - 1, block.line + block.body.length + 1);
  return lines.join('\n');
}

/** GitHub's anchor of a heading. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const text = prose(readFileSync(file, 'utf8'));
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

describe('relative links', () => {
  it('computes anchors as GitHub does', () => {
    expect(anchorOf('Starting the target in a container (`--image`, `--compose`)')).toBe('starting-the-target-in-a-container---image---compose');
    expect(anchorOf('Sharding and `report merge`')).toBe('sharding-and-report-merge');
  });

  it.each(FILES)('%s: every relative link resolves', (file) => {
    const text = prose(readFileSync(path.join(ROOT, file), 'utf8'));
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((target) => !/^[a-z]+:/.test(target));
    for (const link of links) {
      const [target = '', fragment] = link.split('#');
      const resolved = target === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), target);
      expect(existsSync(resolved), `${file}: ${link} names a missing file`).toBe(true);
      if (fragment !== undefined && statSync(resolved).isFile() && resolved.endsWith('.md')) {
        expect(anchors(resolved).has(fragment), `${file}: ${link} names no heading of ${target || file}`).toBe(true);
      }
    }
  });
});
