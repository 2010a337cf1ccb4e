// csv/tsv records: PostgreSQL's `COPY ... TO STDOUT csv` output, built from the cells' text form.

/**
 * One line per row, each ending in "\n", no header. A cell is quoted when it is an empty string,
 * holds the delimiter, a quote, CR or LF, or is the lone column `\.`; NULL is an empty cell.
 */
export function formatCopyCsv(rows: readonly (readonly (string | null)[])[], delimiter: ',' | '\t'): string {
  let out = '';
  for (const row of rows) {
    out += `${row.map((cell) => formatCell(cell, delimiter, row.length === 1)).join(delimiter)}\n`;
  }
  return out;
}

function formatCell(cell: string | null, delimiter: string, single: boolean): string {
  if (cell === null) return '';
  const quote = cell === '' || cell.includes(delimiter) || cell.includes('"') || cell.includes('\n') || cell.includes('\r') || (single && cell === '\\.');
  return quote ? `"${cell.replaceAll('"', '""')}"` : cell;
}
