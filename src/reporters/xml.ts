// XML text and attribute escaping for the JUnit report.

// XML 1.0 `Char`: tab, LF, CR, and the printable ranges; with the `u` flag a lone surrogate is one code
// point outside these ranges, so it is stripped too.
const invalidXmlChars = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Removes characters XML 1.0 cannot carry at all, even escaped (NUL, other C0 controls, U+FFFE/FFFF). */
export function stripInvalidXmlChars(text: string): string {
  return text.replace(invalidXmlChars, '');
}

/**
 * Escapes element text. `>` is escaped as well, so `]]>` in case data can never end a CDATA section or
 * confuse a lenient parser.
 */
export function escapeXmlText(text: string): string {
  return stripInvalidXmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes a double-quoted attribute value; newlines and tabs become character references so they survive
 * attribute-value normalisation (a parser would otherwise turn them into spaces). */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/** Renders ` name="value"` pairs, skipping undefined values. */
export function renderAttributes(attributes: Record<string, string | number | undefined>): string {
  let text = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    text += ` ${name}="${escapeXmlAttribute(String(value))}"`;
  }
  return text;
}
