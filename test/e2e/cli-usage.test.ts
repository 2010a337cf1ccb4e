// End to end: usage mistakes are exit 2 with one clear line, the same for every command that selects cases.
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/captured-io.ts';

const usageHint = "Run 'datastore-kit --help' for usage.\n";

describe('usage mistakes', () => {
  it('names the text a number flag was given, not NaN', async () => {
    const cli = await runCliInProcess(['run', '--reference', '--concurrency', 'abc']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toBe(`datastore-kit: --concurrency must be a number, got "abc"\n${usageHint}`);
  });

  it('lists an unknown flag once, as typed', async () => {
    const cli = await runCliInProcess(['run', '--reference', '--bogus-flag', '1']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toBe(`datastore-kit: Unknown argument: --bogus-flag\n${usageHint}`);
  });

  it.each([['list'], ['run', '--list']])('%s with an empty selection exits 2 like run and check, 0 with --allow-empty', async (...command) => {
    const empty = await runCliInProcess([...command, '--grep', '^no-such-case$']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe('no case matches the selection (pass --allow-empty to accept an empty run) (E_CATALOGUE_EMPTY)\n');
    const typo = await runCliInProcess([...command, '--tag', 'smok']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('no case has tag "smok" (did you mean smoke?) (E_USAGE)\n');
    const id = await runCliInProcess([...command, '--id', 'search/filters/either-ot']);
    expect(id.stderr).toBe('no case has id "search/filters/either-ot" (did you mean search/filters/either-or?) (E_USAGE)\n');
    const allowed = await runCliInProcess([...command, '--tag', 'no-such-tag', '--allow-empty']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toBe('0 cases, 0 variants\n');
  });
});
