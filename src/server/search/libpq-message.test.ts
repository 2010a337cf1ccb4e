import { describe, expect, it } from 'vitest';
import { describeErrorPosition as formatErrorPosition } from '../error-position.ts';
import { formatPgErrorMessage } from './libpq-message.ts';

/** The 1-based character position of `needle` in `text`, as PostgreSQL reports error positions. */
function positionOf(text: string, needle: string): number {
  return Array.from(text.slice(0, text.indexOf(needle))).length + 1;
}

describe('the LINE/caret excerpt of a search statement (describeErrorPosition)', () => {
  it('shows a short line whole with the caret under the position', () => {
    const sql = 'SELECT 1\nFROM nowhere';
    expect(formatErrorPosition(sql, positionOf(sql, 'nowhere'))).toBe('LINE 2: FROM nowhere\n             ^\n');
  });

  it('cuts a long line on the right when the caret is near its start (CKAN 2.11.5 catalogue-reference#95)', () => {
    const line = "                    WHERE (_id = 'not-a-number') ORDER BY _id LIMIT 100 OFFSET 0";
    const sql = `\n a\n b\n c\n d\n${line}\n ) as z`;
    expect(formatErrorPosition(sql, positionOf(sql, "'not-a-number'"))).toBe(
      `LINE 6:                     WHERE (_id = 'not-a-number') ORDER BY _i...\n${' '.repeat(41)}^\n`,
    );
  });

  it('cuts on both sides when the caret is far into the line (CKAN 2.12 catalogue-reference#100)', () => {
    const line = `                SELECT * FROM "df356cc6-0e13-4ba8-bc98-c4706614881b"  WHERE ("_id" = 'not-a-number') ORDER BY "_id" asc LIMIT 100 OFFSET 0`;
    const sql = `\n            WITH records_page AS (\n${line}\n            ), x`;
    expect(formatErrorPosition(sql, positionOf(sql, "'not-a-number'"))).toBe(
      `LINE 3: ...6cc6-0e13-4ba8-bc98-c4706614881b"  WHERE ("_id" = 'not-a-num...\n${' '.repeat(61)}^\n`,
    );
  });

  it('counts "\\r\\n" as one line break, shows tabs as spaces and counts characters, not bytes', () => {
    const sql = 'SELECT 1\r\nFROM\t"bük" WHERE x';
    expect(formatErrorPosition(sql, positionOf(sql, 'x'))).toBe('LINE 2: FROM "bük" WHERE x\n                         ^\n');
  });

  it('counts East Asian wide characters as two columns, as libpq does (CKAN 2.9.11 generated-seed2#1140)', () => {
    const line = `                WHERE ("station" = '東京 千代田') ORDER BY "station_code" asc, "_id" asc LIMIT 100 OFFSET 180`;
    const sql = `\n a\n b\n c\n${line}\n ) AS j`;
    expect(formatErrorPosition(sql, positionOf(sql, '"station_code"'))).toBe(
      `LINE 5: ...       WHERE ("station" = '東京 千代田') ORDER BY "station_c...\n${' '.repeat(61)}^\n`,
    );
  });

  it('says nothing for a position outside the statement', () => {
    expect(formatErrorPosition('SELECT 1', 0)).toBe('');
    expect(formatErrorPosition('SELECT 1', 10)).toBe('');
  });
});

describe('formatPgErrorMessage', () => {
  it('puts the message, the position lines, DETAIL and HINT in libpq order', () => {
    const sql = "SELECT * FROM t WHERE (tags in ('weekend'))";
    const message = formatPgErrorMessage(
      {
        message: 'malformed array literal: "weekend"',
        position: positionOf(sql, "'weekend'"),
        detail: 'Array value must start with "{" or dimension information.',
        hint: 'A hint.',
      },
      sql,
    );
    expect(message).toBe(
      'malformed array literal: "weekend"\n' +
        `LINE 1: ${sql}\n${' '.repeat(40)}^\n` +
        'DETAIL:  Array value must start with "{" or dimension information.\nHINT:  A hint.\n',
    );
  });

  it('is the message and a newline when PostgreSQL gives no position', () => {
    expect(formatPgErrorMessage({ message: 'no operand in tsquery: "quokka |"' }, 'SELECT 1')).toBe('no operand in tsquery: "quokka |"\n');
  });
});
