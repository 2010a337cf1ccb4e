// HTML escaping: every piece of case data, target output and finding text goes through here.

// C0 controls other than tab/LF/CR, DEL..C1 controls, and lone surrogates: HTML parsers reject or replace them.
const unprintable = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for HTML element content and double- or single-quoted attribute values; drops control characters. */
export function escapeHtml(text: string): string {
  return text.replace(unprintable, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Escapes a value for a table cell that may wrap: a line may break after a comma, a colon or a slash (`<wbr>`),
 * so compact JSON and pointers wrap between their parts, never inside a word.
 */
export function escapeWrappable(text: string): string {
  return escapeHtml(text).replace(/(?<!^)([,:/])/g, '$1<wbr>');
}
