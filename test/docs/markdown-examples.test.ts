// The doctest's own pieces: reading examples out of Markdown, splitting commands, comparing output.
import { describe, expect, it } from 'vitest';
import { readBlocks } from './markdown-examples.ts';
import { matchesOutput, normaliseOutput } from './match-output.ts';
import { parseCommand } from './shell-words.ts';

describe('readBlocks', () => {
  const doc = [
    'Text',
    '```console',
    '$ npx datastore-kit list \\',
    '    --tag smoke',
    'a line',
    '',
    '$ echo $?',
    '0',
    '```',
    '<!-- doctest: skip: needs a remote URL -->',
    '',
    '```sh',
    '# a comment',
    'npx datastore-kit run --target https://x.example   # trailing',
    '```',
    '<!-- doctest: file: p.yaml -->',
    '```yaml',
    'name: p',
    '```',
  ].join('\n');

  it('reads console commands with their output, sh commands, and the directives', () => {
    const [consoleBlock, shBlock, yamlBlock] = readBlocks(doc);
    expect(consoleBlock?.commands).toEqual([
      { text: 'npx datastore-kit list --tag smoke', line: 3, expected: ['a line'] },
      { text: 'echo $?', line: 7, expected: ['0'] },
    ]);
    expect(shBlock?.directive).toEqual({ kind: 'skip', value: 'needs a remote URL' });
    expect(shBlock?.commands.map((c) => c.text)).toEqual(['npx datastore-kit run --target https://x.example   # trailing']);
    expect(yamlBlock).toMatchObject({ lang: 'yaml', directive: { kind: 'file', value: 'p.yaml' }, body: ['name: p'], commands: [] });
  });
});

describe('parseCommand', () => {
  it('removes quotes, expands variables, drops comments and spots what needs a shell', () => {
    expect(parseCommand(`npx datastore-kit extract --sql 'SELECT "a" FROM "t" WHERE x = '"'"'y'"'"'' --token-env "$T" # c`, { T: 'TOKEN' })).toEqual({
      words: ['npx', 'datastore-kit', 'extract', '--sql', `SELECT "a" FROM "t" WHERE x = 'y'`, '--token-env', 'TOKEN'],
      needsShell: false,
      background: false,
    });
    expect(parseCommand('npx datastore-kit serve --port 8800 &', {})).toMatchObject({ background: true, needsShell: false });
    expect(parseCommand('curl -s x > out.json', {}).needsShell).toBe(true);
    expect(parseCommand("grep -o 'a|b' f | sort -u", {}).needsShell).toBe(true);
    expect(parseCommand("grep -o 'a|b' f", {}).needsShell).toBe(false);
    expect(parseCommand('echo a && echo b', {}).needsShell).toBe(true);
  });
});

describe('matchesOutput', () => {
  const actual = normaliseOutput('Running 15 cases against http://127.0.0.1:41234\n\nclass total\nall 15\n15 passed in 454 ms\n');

  it('matches exact lines, ... lines and ... inside lines; ports and durations are not compared', () => {
    expect(matchesOutput(normaliseOutput('Running 15 cases against http://127.0.0.1:8800\n...\n15 passed in 3.97 s'), actual)).toBe(true);
    expect(matchesOutput(normaliseOutput('Running ... cases against http://127.0.0.1:8800\n\nclass total\nall ...\n... passed in 1 s'), actual)).toBe(true);
  });

  it('fails on a different line, a missing line, an extra line or a wrong order', () => {
    expect(matchesOutput(normaliseOutput('Running 16 cases against http://127.0.0.1:8800\n...'), actual)).toBe(false);
    expect(matchesOutput(normaliseOutput('Running 15 cases against http://127.0.0.1:8800'), actual)).toBe(false);
    expect(matchesOutput(normaliseOutput('...\nall 15\nclass total\n...'), actual)).toBe(false);
    expect(matchesOutput(normaliseOutput('...\n15 passed in 1 s\nmore'), actual)).toBe(false);
  });
});
