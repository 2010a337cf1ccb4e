// `datastore-kit list`: prints the selected cases (id, class, title, variants) and sends nothing.
import type { Argv } from 'yargs';
import { prepareCatalogue, type PreparedCatalogue } from '../runner/index.ts';
import type { CliIo } from './io.ts';
import type { CliCommand } from './command.ts';
import { addSelectionOptions } from './options-yargs.ts';
import { mapSelectionArgs } from './options.ts';
import { formatDocsLink } from './docs-link.ts';

/** One line per selected case: `id  class  title  [n variants]` with aligned columns, then a count line. */
export function formatCaseList(prepared: PreparedCatalogue): string {
  const counts = new Map<string, number>();
  for (const v of prepared.variants) counts.set(v.caseId, (counts.get(v.caseId) ?? 0) + 1);
  const rows = prepared.cases.map((c) => {
    const n = counts.get(c.case.id) ?? 0;
    const skip = c.case.skip === undefined ? '' : ' (skip)';
    return [c.case.id, c.case.class, `${c.case.title}${n > 1 ? ` [${n} variants]` : ''}${skip}`];
  });
  const idWidth = Math.max(0, ...rows.map((r) => r[0]?.length ?? 0));
  const classWidth = Math.max(0, ...rows.map((r) => r[1]?.length ?? 0));
  const lines = rows.map(([id = '', cls = '', title = '']) => `${id.padEnd(idWidth)}  ${cls.padEnd(classWidth)}  ${title}`);
  const cases = prepared.cases.length;
  lines.push(`${cases} case${cases === 1 ? '' : 's'}, ${prepared.variants.length} variant${prepared.variants.length === 1 ? '' : 's'}`);
  return `${lines.join('\n')}\n`;
}

export const listCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'list',
      describe,
      (y) => addSelectionOptions(y).example('$0 list --tag smoke', 'List the cases tagged smoke').epilog(formatDocsLink('running.md')),
      async (argv) => {
        const selection = mapSelectionArgs(argv, io.cwd);
        const prepared = await prepareCatalogue(selection, io.env);
        io.stdout.write(formatCaseList(prepared));
        setExit(0);
      },
    );
  },
};
