// docs/spec-clauses.md lists every clause a case or the clause list cites, with a summary, and nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_CLAUSES } from '../../src/catalogue/coverage-clauses.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CITATION = /\b(?:api|ckan-datastore)\.md#[\w./-]*[\w]/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ya?ml|json)$/.test(entry.name) && !entry.name.endsWith('.schema.json'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const listed = new Map(
  [...readFileSync(path.join(ROOT, 'docs/spec-clauses.md'), 'utf8').matchAll(/^\| `((?:api|ckan-datastore)\.md#[^`]+)` \| (.*) \|$/gm)].map((m) => [
    m[1] ?? '',
    m[2] ?? '',
  ]),
);

describe('docs/spec-clauses.md', () => {
  it('lists every clause cited in cases/ and every clause of the api.md list, each with a summary', () => {
    const cited = new Set(filesUnder(path.join(ROOT, 'cases')).flatMap((file) => readFileSync(file, 'utf8').match(CITATION) ?? []));
    for (const clause of API_CLAUSES) cited.add(clause.id);
    expect(cited.size).toBeGreaterThan(60);
    const missing = [...cited].filter((id) => !listed.has(id)).sort();
    expect(missing).toEqual([]);
    for (const [id, summary] of listed) expect(summary.length, `${id} has no summary`).toBeGreaterThan(20);
  });

  it('gives each api.md clause the summary of the clause list', () => {
    for (const clause of API_CLAUSES) expect(listed.get(clause.id)).toBe(clause.summary.replace(/\|/g, '\\|'));
  });
});
