import { describe, expect, it } from 'vitest';
import { formatCopyCsv } from './csv.ts';

describe('formatCopyCsv', () => {
  it('quotes only what COPY CSV quotes', () => {
    const rows = [
      ['1', 'plain', null, '', 'a,b', 'say "hi"', 'two\nlines', ' spaced '],
      ['2', 't', '1.50', 'null', '["one","two"]', 'x\ry', 'tab\there', '\\.'],
    ];
    expect(formatCopyCsv(rows, ',')).toBe(
      '1,plain,,"","a,b","say ""hi""","two\nlines", spaced \n' + '2,t,1.50,null,"[""one"",""two""]","x\ry",tab\there,\\.\n',
    );
  });

  it('uses tab as the delimiter for tsv', () => {
    expect(formatCopyCsv([['a,b', 'c\td']], '\t')).toBe('a,b\t"c\td"\n');
  });

  it('quotes a lone \\. cell and writes nothing for no rows', () => {
    expect(formatCopyCsv([['\\.']], ',')).toBe('"\\."\n');
    expect(formatCopyCsv([], ',')).toBe('');
  });
});
