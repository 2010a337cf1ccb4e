// End to end: usage mistakes are exit 2 with one clear line, the same for every command that selects cases.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/spawn-cli.ts';

const usageHint = "Run 'datastore-kit --help' for usage.\n";

describe('usage mistakes (spawned)', () => {
  it('names the text a number flag was given, not NaN', async () => {
    const cli = spawnCli(['run', '--reference', '--concurrency', 'abc']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toBe(`datastore-kit: --concurrency must be a number, got "abc"\n${usageHint}`);
  });

  it('lists an unknown flag once, as typed', async () => {
    const cli = spawnCli(['run', '--reference', '--bogus-flag', '1']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toBe(`datastore-kit: Unknown argument: --bogus-flag\n${usageHint}`);
  });

  it.each([['list'], ['run', '--list']])('%s with an empty selection exits 2 like run and check, 0 with --allow-empty', async (...command) => {
    const empty = spawnCli([...command, '--tag', 'no-such-tag']);
    expect(await empty.exit).toBe(2);
    expect(empty.stderr()).toBe('no case matches the selection (pass --allow-empty to accept an empty run) (E_CATALOGUE_EMPTY)\n');
    const allowed = spawnCli([...command, '--tag', 'no-such-tag', '--allow-empty']);
    expect(await allowed.exit).toBe(0);
    expect(allowed.stdout()).toBe('0 cases, 0 variants\n');
  });
});
