// The doctest: every console/sh example of README.md and docs/*.md runs as shown (docs/testing.md#the-doctest).
// The documents are shared out between four test files (doctest-1 … doctest-4), so the parts spread over the
// workers. Each document's `doctest: file:` blocks are written first; its examples then run in order in one session
// (a temp folder; a server started with `&` serves the later examples of the document); each command must exit 0, or the code an `echo $?` after it shows, and print what the
// document shows after it, if anything.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocSession } from './doc-session.ts';
import { type ExampleBlock, readBlocks, RUNNABLE } from './markdown-examples.ts';
import { matchesOutput, normaliseOutput } from './match-output.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** How many test files share the documents out (doctest-1.test.ts … doctest-<PARTS>.test.ts). */
const PARTS = 4;

/** The documents by their number of commands, most first, dealt out to the parts back and forth (0 1 2 3 3 2 1 0 …). */
function documentsOf(part: number): string[] {
  const commandsIn = (file: string): number => readBlocks(readFileSync(path.join(ROOT, file), 'utf8')).flatMap((block) => block.commands).length;
  const byWeight = FILES.map((file) => ({ file, weight: commandsIn(file) })).sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  return byWeight
    .filter((_, index) => {
      const round = Math.floor(index / PARTS);
      const slot = index % PARTS;
      return (round % 2 === 0 ? slot : PARTS - 1 - slot) === part;
    })
    .map(({ file }) => file);
}

/** Declares the doctests of the documents of `part` (0 … PARTS-1): together the parts cover every document once. */
export function describeDoctests(part: number): void {
  const files = documentsOf(part);
  describe(`doctest, part ${part + 1} of ${PARTS}`, () => {
    it('finds the documents and their examples', () => {
      expect(FILES).toContain('docs/cli.md');
      const parts = readdirSync(import.meta.dirname).filter((name) => /^doctest-\d+\.test\.ts$/.test(name));
      expect(parts).toHaveLength(PARTS);
      const commands = files.flatMap((file) => readBlocks(readFileSync(path.join(ROOT, file), 'utf8')).flatMap((block) => block.commands));
      expect(commands.length).toBeGreaterThan(0);
      const all = Array.from({ length: PARTS }, (_, other) => documentsOf(other)).flat();
      expect(all.sort()).toEqual([...FILES].sort());
    });
    describeDocument(files);
  });
}

function describeDocument(files: readonly string[]): void {
  describe.each(files)('%s', (file) => {
    const blocks = readBlocks(readFileSync(path.join(ROOT, file), 'utf8'));

    it('marks every example it cannot run with a reason, and shows no prompt outside console blocks', () => {
      for (const block of blocks) {
        if (block.directive?.kind === 'skip') expect(block.directive.value.length, `${file}:${block.line} skip needs a reason`).toBeGreaterThan(10);
        if (!RUNNABLE.has(block.lang)) {
          const prompt = block.body.find((line) => line.startsWith('$ '));
          expect(prompt, `${file}:${block.line}: a \`$ \` command in a ${block.lang || 'plain'} block: make it a console block`).toBeUndefined();
        }
      }
    });

    const runnable = blocks.filter((block) => block.directive?.kind === 'file' || (RUNNABLE.has(block.lang) && block.directive === undefined));
    // why: a document with nothing to run gets no such test (not a skipped one: the suite lists every skip with its reason)
    if (runnable.length > 0) it('runs every example as shown', { timeout: 600_000 }, () => runExamples(file, runnable));
  });
}

/** Runs the examples of one document in one session, checking each command's exit code and output. */
async function runExamples(file: string, runnable: readonly ExampleBlock[]): Promise<void> {
  const session = await DocSession.create();
  try {
    // why: a file block may follow the example that reads it (the example first, then what the file holds)
    for (const block of runnable) {
      if (block.directive?.kind === 'file') await session.writeFile(block.directive.value, `${block.body.join('\n')}\n`);
    }
    for (const block of runnable) {
      if (block.directive?.kind === 'file') continue;
      for (const [index, command] of block.commands.entries()) {
        const where = `${file}:${command.line} \`${command.text}\``;
        const outcome = await session.run(command.text);
        const next = block.commands[index + 1];
        const expectedExit = next?.text === 'echo $?' ? Number(next.expected[0]) : 0;
        expect(outcome.exitCode, `${where} exit code; it printed:\n${outcome.output}`).toBe(expectedExit);
        if (command.expected.length > 0) {
          const expected = normaliseOutput(command.expected.join('\n'));
          const actual = normaliseOutput(outcome.output);
          expect(matchesOutput(expected, actual), `${where} printed:\n${actual.join('\n')}\n\nthe document shows:\n${expected.join('\n')}`).toBe(true);
        }
      }
    }
  } finally {
    await session.close();
  }
}
