// docs/cli.md lists every command and every flag that `--help` prints, and no flag that `--help` does not know.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.ts';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI_DOC = readFileSync(path.join(ROOT, 'docs/cli.md'), 'utf8');
const SUBCOMMANDS: Record<string, string[]> = { report: ['report merge', 'report render', 'report matrix'] };

/** The text of the `## \`name\`` section of docs/cli.md. */
function section(name: string): string {
  const start = CLI_DOC.indexOf(`## \`${name}\``);
  if (start < 0) return '';
  const next = CLI_DOC.indexOf('\n## ', start + 1);
  return CLI_DOC.slice(start, next < 0 ? undefined : next);
}

async function help(command: string): Promise<string> {
  const captured = captureIo(ROOT);
  expect(await main([...command.split(' ').filter((word) => word !== ''), '--help'], captured.io)).toBe(0);
  return captured.stdout();
}

const FLAG = /(?<![\w-])--[a-z][a-z-]*[a-z]/g;
const documented = COMMANDS.flatMap((entry) => SUBCOMMANDS[entry.name] ?? [entry.name]);

describe('--help', () => {
  it.each(['', ...documented, 'report'])('of `%s` shows examples and where its documentation is, a file that exists', async (command) => {
    const text = await help(command);
    expect(text).toMatch(/^Examples:\n {2}datastore-kit /m);
    const doc = /^Docs: (\S+) \(every flag: (\S+)\)$/m.exec(text);
    expect(doc, `${command} --help names no docs`).not.toBeNull();
    for (const file of [doc?.[1], doc?.[2]]) expect(existsSync(file ?? ''), `${file} is not a file`).toBe(true);
  });
});

describe('docs/cli.md', () => {
  it.each(documented)('documents every flag of `%s --help`, and only those', async (command) => {
    const text = section(command);
    expect(text, `docs/cli.md has no section for ${command}`).not.toBe('');
    const flagsInHelp = new Set([...(await help(command)).matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]));
    flagsInHelp.delete('--version');
    flagsInHelp.delete('--help');
    const rows = [...text.matchAll(/^\| `(--[\w-]+)`/gm)].map((m) => m[1]);
    expect(new Set(rows)).toEqual(flagsInHelp);
    for (const flag of text.match(FLAG) ?? []) {
      // why: yargs takes --no-<flag> for every boolean flag
      const known = flagsInHelp.has(flag) || flagsInHelp.has(flag.replace(/^--no-/, '--')) || flag === '--help' || flag === '--version';
      expect(known, `${command}: ${flag} is not a flag of it`).toBe(true);
    }
  });
});
