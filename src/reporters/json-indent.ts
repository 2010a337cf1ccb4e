// Re-indents JSON text for reading without parsing its values, so numbers like `482.00` or `1e3` and string
// escapes are shown exactly as the target sent them (a parse + stringify would rewrite them).

/** Indents valid JSON text by `indent` spaces; text that is not valid JSON is returned unchanged. */
export function indentJsonText(text: string, indent = 2): string {
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = (): string => `\n${' '.repeat(depth * indent)}`;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (inString) {
      out += char;
      if (char === '\\') out += text.charAt(++i);
      else if (char === '"') inString = false;
      continue;
    }
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') continue;
    if (char === '"') inString = true;
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      const next = nextSignificant(text, i + 1);
      if (text.charAt(next) === close) {
        out += `${char}${close}`;
        i = next;
        continue;
      }
      depth += 1;
      out += `${char}${newline()}`;
    } else if (char === '}' || char === ']') {
      depth -= 1;
      out += `${newline()}${char}`;
    } else if (char === ',') out += `,${newline()}`;
    else if (char === ':') out += ': ';
    else out += char;
  }
  return out;
}

function nextSignificant(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text.charAt(index))) index += 1;
  return index;
}
