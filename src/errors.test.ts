import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { toEnvironmentError } from './errors.ts';

async function refusal(path: string): Promise<unknown> {
  return readFile(path).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('toEnvironmentError', () => {
  it('words a file system refusal in one line naming the path and the cause (E_ENV, exit 3)', async () => {
    const error = toEnvironmentError(await refusal('/datastore-kit-none/x.csv'));
    expect(error).toMatchObject({ code: 'E_ENV', exitCode: 3, message: 'cannot open /datastore-kit-none/x.csv: ENOENT (no such file or directory)' });
  });

  it('finds the refusal in the cause of a plain error', async () => {
    const wrapped = new Error('writing the summary failed', { cause: await refusal('/datastore-kit-none/y') });
    expect(toEnvironmentError(wrapped)?.message).toBe('cannot open /datastore-kit-none/y: ENOENT (no such file or directory)');
  });

  it.each([new Error('a bug'), new TypeError('x is undefined'), 'a string', Object.assign(new Error('coded'), { code: 'E_SOMETHING' })])(
    'leaves anything else to the bug line: %s',
    (error) => {
      expect(toEnvironmentError(error)).toBeUndefined();
    },
  );
});
