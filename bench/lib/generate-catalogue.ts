// A large catalogue for benches: copies of the bundled case files (cases/), each case id prefixed with `copyN/`,
// until at least `minCases` cases exist. Real cases, so loading, validating and expanding them costs what the
// catalogue's own cases cost.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const casesDir = fileURLToPath(new URL('../../cases/', import.meta.url));
const ID_LINE = /^(\s*-\s+id:\s*)(\S+)/gm;

/** Writes the copies under `dir`; returns the number of case files and cases written. */
export function generateCatalogue(dir: string, minCases: number): { files: number; cases: number } {
  const sources = readdirSync(casesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => ({ name: f.split(path.sep).join('/'), text: readFileSync(path.join(casesDir, f), 'utf8') }));
  let files = 0;
  let cases = 0;
  for (let copy = 1; cases < minCases; copy++) {
    for (const source of sources) {
      const target = path.join(dir, `copy${copy}`, source.name);
      mkdirSync(path.dirname(target), { recursive: true });
      // why: no $schema comment pointing outside the folder; ids unique across copies
      const text = source.text.replace(/^# yaml-language-server:.*$/m, '').replace(ID_LINE, (_m, lead: string, id: string) => `${lead}copy${copy}/${id}`);
      writeFileSync(target, text);
      files++;
      cases += text.match(ID_LINE)?.length ?? 0;
    }
  }
  return { files, cases };
}
