// Reads the examples out of a Markdown file for the doctest (docs/testing.md#the-doctest describes the convention):
// `console` blocks hold `$ ` commands each followed by the output it shows; `sh`/`bash` blocks hold commands only;
// `<!-- doctest: skip: REASON -->` before a block marks it not runnable, `<!-- doctest: file: PATH -->` before a
// block of any language writes its text to PATH in the example folder instead.

/** One command of an example, with the output lines the document shows after it (console blocks only). */
export interface ExampleCommand {
  /** The command as typed, continuation lines (`\` at the end) joined. */
  readonly text: string;
  /** 1-based line of the command in the Markdown file. */
  readonly line: number;
  readonly expected: readonly string[];
}

/** A fenced block of a Markdown file, with its doctest directive. */
export interface ExampleBlock {
  readonly lang: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly body: readonly string[];
  /** `skip` (with its reason), `file` (with its path), or none. */
  readonly directive?: { kind: 'skip' | 'file'; value: string } | undefined;
  readonly commands: readonly ExampleCommand[];
}

/** Languages whose blocks are examples to run. */
export const RUNNABLE = new Set(['console', 'sh', 'bash', 'shell']);

const FENCE = /^(\s*)(```+)\s*([\w-]*)/;
const DIRECTIVE = /^<!--\s*doctest:\s*(skip|file):\s*(.*?)\s*-->$/;

/** Every fenced block of `text`, with the directive on the last non-blank line before it. */
export function readBlocks(text: string): ExampleBlock[] {
  const lines = text.split('\n');
  const blocks: ExampleBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', ticks = '```', lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j] ?? '').trimStart().startsWith(ticks); j++) {
      const line = lines[j] ?? '';
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    const directive = findDirective(lines, i);
    blocks.push({ lang, line: i + 1, body, directive, commands: RUNNABLE.has(lang) ? readCommands(lang, body, i + 2) : [] });
    i = j;
  }
  return blocks;
}

function findDirective(lines: readonly string[], fenceIndex: number): ExampleBlock['directive'] {
  let k = fenceIndex - 1;
  while (k >= 0 && (lines[k] ?? '').trim() === '') k--;
  const match = DIRECTIVE.exec((lines[k] ?? '').trim());
  return match ? { kind: match[1] as 'skip' | 'file', value: match[2] ?? '' } : undefined;
}

/** The commands of a block: `$ ` lines with their output (console), or every line that is not a comment (sh). */
export function readCommands(lang: string, body: readonly string[], firstLine: number): ExampleCommand[] {
  const commands: { text: string; line: number; expected: string[] }[] = [];
  for (let i = 0; i < body.length; i++) {
    const raw = body[i] ?? '';
    const isCommand = lang === 'console' ? raw.startsWith('$ ') : raw.trim() !== '' && !raw.trimStart().startsWith('#');
    if (!isCommand) {
      if (lang === 'console') commands.at(-1)?.expected.push(raw.trimEnd());
      continue;
    }
    const line = firstLine + i;
    let text = lang === 'console' ? raw.slice(2) : raw;
    while (text.trimEnd().endsWith('\\') && i + 1 < body.length) text = `${text.trimEnd().slice(0, -1).trimEnd()} ${(body[++i] ?? '').trim()}`;
    commands.push({ text: text.trim(), line, expected: [] });
  }
  for (const command of commands) {
    while (command.expected.length > 0 && command.expected.at(-1) === '') command.expected.pop();
  }
  return commands;
}
