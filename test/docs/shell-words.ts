// Splits one example command into words as a POSIX shell would (quotes, backslashes, $NAME and ${NAME}), and says
// whether it needs a real shell (pipes, redirections, lists, substitutions), which the doctest then uses instead.

export interface ParsedCommand {
  /** The words after quote removal and variable expansion. */
  words: string[];
  /** A pipe, redirection, list, subshell or command substitution: run it with bash. */
  needsShell: boolean;
  /** Ends in `&`: run in the background. */
  background: boolean;
}

/** Parses `text` with `env` for `$NAME`; an unquoted `#` after a blank starts a comment. */
export function parseCommand(text: string, env: Readonly<Record<string, string | undefined>>): ParsedCommand {
  const words: string[] = [];
  let word: string | undefined;
  let needsShell = false;
  let background = false;
  let quote: "'" | '"' | undefined;
  const add = (chars: string): void => {
    word = (word ?? '') + chars;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else add(c);
    } else if (c === '\\' && i + 1 < text.length) {
      const next = text[++i] ?? '';
      add(quote === '"' && !'$`"\\'.includes(next) ? `\\${next}` : next);
    } else if (c === '$' && /[A-Za-z_{?(]/.test(text[i + 1] ?? '')) {
      const match = /^\$(?:\{(\w+)\}|(\w+)|(\?)|(\())/.exec(text.slice(i));
      if (match?.[4] !== undefined || match?.[3] !== undefined) needsShell = true;
      const name = match?.[1] ?? match?.[2];
      if (name !== undefined) add(env[name] ?? '');
      else add(match?.[0] ?? c);
      i += (match?.[0].length ?? 1) - 1;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else add(c);
    } else if (c === "'" || c === '"') {
      quote = c;
      add('');
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      break;
    } else if (c === '&' && text.slice(i + 1).trim() === '' && text[i - 1] !== '&') {
      background = true;
    } else {
      if ('|<>;&`()'.includes(c)) needsShell = true;
      add(c);
    }
  }
  if (word !== undefined) words.push(word);
  return { words, needsShell, background };
}
