import { describe, expect, it } from 'vitest';
import { transcodeCopyCsv } from './copy-csv.ts';
import { createDelimitedEncoder } from './encode.ts';
import { JsonNumber, type LosslessValue } from './lossless-json.ts';
import type { ExtractColumn } from './types.ts';
import { createRecordFitter } from './value-fit.ts';

const fields: ExtractColumn[] = [
  { id: '_id', type: 'int4' },
  { id: 'note', type: 'text' },
  { id: 'flag', type: 'bool' },
  { id: 'meta', type: 'json' },
  { id: 'tags', type: '_text' },
  { id: 'fee', type: 'numeric' },
];

// The same rows twice: as COPY CSV records (what records_format=csv returns) and as a JSON page's values.
const copyText =
  '1,plain,t,"{""a"": [1.50, ""x""]}","[""one"",""two""]",1.50\n' +
  '2,,f,null,null,\n' +
  '3,"",,"""txt""",[],-0.5e3\n' +
  '4,"a,b","t",17,"[""tab\\there""]",7\n' +
  '5,"two\nlines\r",t,true,"[null]",0\n' +
  '6,"\\.",f,"{}",null,12345678901234567890\n' +
  '7,tab\there,t,"[1,2]","[""a,b""]",1\n';
const jsonRows: LosslessValue[][] = [
  [new JsonNumber('1'), 'plain', true, { a: [new JsonNumber('1.50'), 'x'] }, ['one', 'two'], new JsonNumber('1.50')],
  [new JsonNumber('2'), null, false, null, null, null],
  [new JsonNumber('3'), '', null, 'txt', [], new JsonNumber('-0.5e3')],
  [new JsonNumber('4'), 'a,b', 't', new JsonNumber('17'), ['tab\there'], new JsonNumber('7')],
  [new JsonNumber('5'), 'two\nlines\r', true, true, [null], new JsonNumber('0')],
  [new JsonNumber('6'), '\\.', false, {}, null, new JsonNumber('12345678901234567890')],
  [new JsonNumber('7'), 'tab\there', true, [new JsonNumber('1'), new JsonNumber('2')], ['a,b'], new JsonNumber('1')],
];

/** What the encoder writes for the JSON page (its values fitted to their columns), with the columns picked in `order`. */
function fromJson(format: 'csv' | 'tsv', order: readonly number[]): string {
  const columns = order.map((index) => fields[index] as ExtractColumn);
  const fitRecord = createRecordFitter(columns);
  const records = jsonRows.map((row) => Object.fromEntries(fields.map((field, index) => [field.id, row[index] ?? null])));
  return createDelimitedEncoder(format === 'csv' ? ',' : '\t').rows(
    columns,
    records.map((record, index) => fitRecord(record, index + 1)),
    true,
  );
}

describe('transcodeCopyCsv', () => {
  it.each([
    ['csv', [0, 1, 2, 3, 4, 5]],
    ['tsv', [0, 1, 2, 3, 4, 5]],
    ['csv', [5, 3, 1]],
    ['tsv', [4, 2, 0]],
  ] as const)('writes %s lines (columns %j) byte for byte as from the JSON page', (format, order) => {
    const page = transcodeCopyCsv(
      copyText,
      fields,
      order.map((index) => fields[index] as ExtractColumn),
      format === 'csv' ? ',' : '\t',
    );
    expect(page.text).toBe(fromJson(format, order));
    expect(page.rows).toBe(7);
    expect(page.lastId).toBe('7');
  });

  it('quotes, as the JSON page would, an unquoted cell that COPY would have quoted (a quote, a CR) from another server', () => {
    const two = fields.slice(0, 2);
    const records = '1,ab"c\n2,x\r\n';
    const expected = createDelimitedEncoder(',').rows(
      two,
      [
        [new JsonNumber('1'), 'ab"c'],
        [new JsonNumber('2'), 'x\r'],
      ],
      true,
    );
    expect(expected).toBe('1,"ab""c"\n2,"x\r"\n');
    expect(transcodeCopyCsv(records, two, two, ',').text).toBe(expected);
    expect(transcodeCopyCsv(records, two, [...two].reverse(), ',').text).toBe('"ab""c",1\n"x\r",2\n');
  });

  it('tells NULL (unquoted empty) from the empty string (quoted): both are an empty output cell', () => {
    const texts = [...fields.slice(0, 2), { id: 'other', type: 'text' }];
    expect(transcodeCopyCsv('1,,""\n', texts, texts, ',').text).toBe('1,,\n');
  });

  it('reads an empty page as no rows, and a last line without a newline as a row', () => {
    expect(transcodeCopyCsv('', fields, fields, ',')).toEqual({ text: '', rows: 0, lastId: null });
    expect(transcodeCopyCsv('9,a', fields.slice(0, 2), fields.slice(0, 2), ',')).toEqual({ text: '9,a\n', rows: 1, lastId: '9' });
  });

  it('has no last id without an _id field', () => {
    expect(transcodeCopyCsv('a\nb\n', [fields[1] as ExtractColumn], [fields[1] as ExtractColumn], ',').lastId).toBeNull();
  });

  it('refuses an unterminated quote, and rows of too few or too many cells', () => {
    const two = fields.slice(0, 2);
    expect(() => transcodeCopyCsv('1,"abc\n', two, two, ',')).toThrow(/unterminated/);
    expect(() => transcodeCopyCsv('1,a\n2\n', two, two, ',')).toThrow(/row 2 does not have 2 cells/);
    expect(() => transcodeCopyCsv('1,a,b\n', two, two, ',')).toThrow(/row 1 does not have 2 cells/);
  });
});
