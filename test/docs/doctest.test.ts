// The doctest: every console/sh example of README.md and docs/*.md runs as shown (docs/testing.md#the-doctest).
// Each file's `doctest: file:` blocks are written first; its examples then run in order in one session (a temp folder; a server started with `&` serves the later
// examples of the file); each command must exit 0, or the code an `echo $?` after it shows, and print what the
// document shows after it, if anything.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocSession } from './doc-session.ts';
import { readBlocks, RUNNABLE } from './markdown-examples.ts';
import { matchesOutput, normaliseOutput } from './match-output.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILES = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];

describe('doctest', () => {
  it('finds the documents and their examples', () => {
    expect(FILES).toContain('docs/cli.md');
    const commands = FILES.flatMap((file) => readBlocks(readFileSync(path.join(ROOT, file), 'utf8')).flatMap((block) => block.commands));
    expect(commands.length).toBeGreaterThan(20);
  });

  describe.each(FILES)('%s', (file) => {
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
    it.runIf(runnable.length > 0)('runs every example as shown', { timeout: 600_000 }, async () => {
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
    });
  });
});
