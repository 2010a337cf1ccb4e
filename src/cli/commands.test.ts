import { describe, expect, it } from 'vitest';
import { captureIo } from '../../test/helpers/captured-io.ts';
import { COMMANDS, findCommand } from './commands.ts';
import { main } from './main.ts';

describe('findCommand', () => {
  it.each([
    [['run', '--reference'], 'run'],
    [['report', 'merge', 'a', 'b'], 'report'],
    [['--help'], undefined],
    [['--version'], undefined],
    [[], undefined],
    [['rnu'], undefined],
    [['--tag', 'list'], 'list'],
  ])('finds the command of %j', (argv, name) => {
    expect(findCommand(argv)?.name).toBe(name);
  });
});

describe('the command table', () => {
  it('lists every command with its description in --help, without loading any', async () => {
    const captured = captureIo(process.cwd());
    expect(await main(['--help'], captured.io)).toBe(0);
    for (const entry of COMMANDS) expect(captured.stdout()).toContain(`${entry.name}`);
    for (const entry of COMMANDS) expect(captured.stdout().replace(/\s+/g, ' ')).toContain(entry.describe.slice(0, 40));
  });

  it.each(COMMANDS.map((entry) => [entry.name, entry] as const))('loads %s, which registers under its own name', async (name, entry) => {
    const captured = captureIo(process.cwd());
    expect(await main([name, '--help'], captured.io)).toBe(0);
    expect(captured.stdout()).toContain(`datastore-kit ${name}`);
    expect(captured.stdout().replace(/\s+/g, ' ')).toContain(entry.describe.slice(0, 40));
  });

  it('refuses options before the command word with a usage error', async () => {
    const captured = captureIo(process.cwd());
    expect(await main(['--out', 'x', 'run'], captured.io)).toBe(2);
    expect(captured.stderr()).toMatch(/^datastore-kit: /);
  });
});
