import { describe, expect, it } from 'vitest';
import { captureIo } from '../../test/helpers/captured-io.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { COMMANDS } from './commands.ts';
import { toYargsOption } from './flags.ts';
import { main } from './main.ts';
import { RUN_ENV, RUN_FLAGS } from './run-flags.ts';

async function helpOf(argv: readonly string[]): Promise<string> {
  const captured = captureIo(process.cwd());
  expect(await main([...argv, '--help'], captured.io)).toBe(0);
  return captured.stdout().replace(/\s+/g, ' ');
}

describe('toYargsOption', () => {
  it('appends the environment variable and shows a later-applied default without applying it', () => {
    const option = toYargsOption({ type: 'number', describe: 'Requests in flight', fallback: 8, env: 'X_CONCURRENCY' });
    expect(option).toEqual({ type: 'number', describe: 'Requests in flight (env X_CONCURRENCY)', defaultDescription: '8', coerce: expect.any(Function) });
  });

  it('hands a yargs default, an array and choices over as they are', () => {
    expect(toYargsOption({ type: 'string', describe: 'd', default: [], array: true, choices: ['a', 'b'] })).toEqual({
      type: 'string',
      describe: 'd',
      default: [],
      array: true,
      choices: ['a', 'b'],
      coerce: expect.any(Function),
    });
  });
});

describe('a single-valued flag given twice', () => {
  it.each([
    [
      ['run', '--reference', '--profile', 'a.yaml', '--profile', 'b.yaml'],
      'datastore-kit: --profile was given 2 times ("a.yaml", "b.yaml"); give it once\nRun \'datastore-kit --help\' for usage.',
    ],
    [
      ['list', '--shard', '1/2', '--shard=2/2'],
      'datastore-kit: --shard was given 2 times ("1/2", "2/2"); give it once\nRun \'datastore-kit --help\' for usage.',
    ],
    [
      ['run', '--reference', '--concurrency', '2', '--concurrency', '3'],
      "datastore-kit: --concurrency was given 2 times (2, 3); give it once\nRun 'datastore-kit --help' for usage.",
    ],
  ])('is refused with one line and exit 2: %j', async (argv, line) => {
    const captured = captureIo(process.cwd());
    expect(await main(argv, captured.io)).toBe(2);
    expect(captured.stderr().trim()).toBe(line);
  });

  it('leaves repeatable flags alone', async () => {
    const captured = captureIo(process.cwd());
    expect(await main(['list', '--tag', 'smoke', '--tag', 'search'], captured.io)).toBe(0);
  });
});

describe('the flag tables', () => {
  it('derive run --help: the defaults and variables come from the table', async () => {
    const help = await helpOf(['run']);
    expect(help).toMatch(
      new RegExp(`--concurrency Requests in flight at once \\(env ${RUN_ENV.concurrency}\\) \\[number\\] \\[default: ${RUN_DEFAULTS.concurrency}\\]`),
    );
    expect(help).toContain(`[default: ${RUN_DEFAULTS.timeoutMs}]`);
    expect(help).toContain(`(env ${RUN_FLAGS['target']?.env})`);
  });

  it('read the environment variables named in the table', () => {
    expect(RUN_ENV).toEqual({
      target: 'DATASTORE_KIT_TARGET',
      token: 'DATASTORE_KIT_TOKEN',
      concurrency: 'DATASTORE_KIT_CONCURRENCY',
      timeoutMs: 'DATASTORE_KIT_TIMEOUT_MS',
      retries: 'DATASTORE_KIT_RETRIES',
      reportFormats: 'DATASTORE_KIT_REPORT',
      outDir: 'DATASTORE_KIT_OUT',
    });
  });

  it.each(COMMANDS.map((entry) => [entry.name]))('leave no default written into a description of %s', async (name) => {
    const words =
      name === 'report'
        ? [
            ['report', 'merge'],
            ['report', 'render'],
          ]
        : [[name]];
    for (const argv of words) {
      const options = (await helpOf(argv)).split(' Options: ')[1]?.split(' Examples: ')[0] ?? '';
      expect(options).not.toMatch(/\(default[ :]/i);
    }
  });
});
