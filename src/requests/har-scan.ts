// The entries of a HAR file one at a time, without holding the file: a scanner over the text that follows the
// nesting of JSON values (strings and their escapes included) and cuts out each element of `log.entries`.

/** One element of log.entries: its JSON text and the line it starts on; or what is wrong with the file. */
export type ScannedEntry = { text: string; line: number; index: number } | { problem: string; line: number };

interface Frame {
  type: '{' | '[';
  /** The member name this value is under (undefined for array items and the root). */
  key: string | undefined;
  expectKey: boolean;
  lastKey: string | undefined;
}

interface ScanState {
  stack: Frame[];
  inString: boolean;
  escape: boolean;
  key: string | undefined;
  line: number;
  sawEntries: boolean;
  index: number;
  capture: { depth: number; parts: string[]; line: number } | undefined;
}

function isEntriesArray(stack: readonly Frame[]): boolean {
  return stack.length === 3 && stack[1]?.key === 'log' && stack[2]?.key === 'entries' && stack[2].type === '[';
}

/** Handles one character outside a string: `open` when it starts an entry, `close` when it ends the one open. */
function step(state: ScanState, char: string): 'open' | 'close' | undefined {
  const top = state.stack[state.stack.length - 1];
  if (char === '"') {
    state.inString = true;
    if (top?.type === '{' && top.expectKey) state.key = '';
  } else if (char === '{' || char === '[') {
    const opens = char === '{' && state.capture === undefined && isEntriesArray(state.stack);
    state.stack.push({ type: char, key: top?.type === '{' ? top.lastKey : undefined, expectKey: char === '{', lastKey: undefined });
    if (isEntriesArray(state.stack)) state.sawEntries = true;
    if (opens) {
      state.capture = { depth: state.stack.length, parts: [], line: state.line };
      return 'open';
    }
  } else if (char === '}' || char === ']') {
    state.stack.pop();
    if (state.capture !== undefined && state.stack.length < state.capture.depth) return 'close';
  } else if (char === ':' && top !== undefined) top.expectKey = false;
  else if (char === ',' && top?.type === '{') top.expectKey = true;
  return undefined;
}

function stepString(state: ScanState, char: string): void {
  if (state.escape) state.escape = false;
  else if (char === '\\') state.escape = true;
  else if (char === '"') {
    state.inString = false;
    const top = state.stack[state.stack.length - 1];
    if (state.key !== undefined && top !== undefined) top.lastKey = state.key;
    state.key = undefined;
    return;
  }
  if (state.key !== undefined && state.key.length < 64) state.key += char;
}

/** Scans HAR text chunk by chunk and yields each entry as soon as it is complete. */
export async function* scanHarEntries(chunks: AsyncIterable<string>): AsyncGenerator<ScannedEntry> {
  const state: ScanState = { stack: [], inString: false, escape: false, key: undefined, line: 1, sawEntries: false, index: 0, capture: undefined };
  for await (const chunk of chunks) {
    // where the entry being cut out starts in this chunk (0: it began in an earlier one)
    let from = state.capture === undefined ? -1 : 0;
    for (let at = 0; at < chunk.length; at++) {
      const char = chunk.charAt(at);
      if (char === '\n') state.line++;
      if (state.inString) {
        stepString(state, char);
        continue;
      }
      const event = step(state, char);
      if (event === 'open') from = at;
      const capture = state.capture;
      if (event === 'close' && capture !== undefined) {
        state.capture = undefined;
        yield { text: capture.parts.join('') + chunk.slice(from, at + 1), line: capture.line, index: state.index++ };
        from = -1;
      }
    }
    if (state.capture !== undefined) state.capture.parts.push(chunk.slice(from));
  }
  if (state.stack.length > 0 || state.inString) yield { problem: 'ends inside a value: the HAR file is cut short or is not JSON', line: state.line };
  else if (!state.sawEntries) yield { problem: 'has no log.entries array (not a HAR file?)', line: 1 };
}
