// Reading a `--report` list of a command with its own report files (diff, twin): a list or comma text of known names.
import { KitError, KitErrorCode } from '../errors.ts';

/** The formats named (in the order given), each one of `known`; KitError E_USAGE naming the command otherwise. */
export function parseFormatList<F extends string>(formats: readonly string[] | string | undefined, known: readonly F[], command: string): F[] {
  if (formats === undefined) return [...known];
  const names = (typeof formats === 'string' ? formats.split(',') : formats).map((f) => f.trim()).filter((f) => f !== '');
  const isKnown = (name: string): name is F => known.some((format) => format === name);
  const unknown = names.filter((name) => !isKnown(name));
  if (unknown.length > 0 || names.length === 0)
    throw new KitError(KitErrorCode.usage, `--report for ${command} takes ${known.join(', ')}; got "${unknown.join(',') || String(formats)}"`);
  return names.filter(isKnown);
}
