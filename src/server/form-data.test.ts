import { describe, expect, it } from 'vitest';
import { mixFields, parseMultipart, parseUrlEncoded, readBoundary, readMimetype } from './form-data.ts';

describe('parseUrlEncoded', () => {
  it.each([
    [
      'a=1&b=2',
      [
        ['a', '1'],
        ['b', '2'],
      ],
    ],
    [
      'a=x+y&b=%C3%A9%20z',
      [
        ['a', 'x y'],
        ['b', 'é z'],
      ],
    ],
    [
      'flag&empty=&&',
      [
        ['flag', ''],
        ['empty', ''],
      ],
    ],
    ['a=1=2', [['a', '1=2']]],
    ['bad=%zz%C3', [['bad', '%zz\ufffd']]],
    ['', []],
  ])('decodes %j', (text, pairs) => {
    expect(parseUrlEncoded(text).map((f) => [f.name, f.value])).toEqual(pairs);
  });
});

describe('mixFields', () => {
  it('maps a key seen once to its string and a repeated key to a list, in first-seen order', () => {
    const fields = parseUrlEncoded('fields=a&limit=5&fields=b');
    expect(mixFields(fields)).toEqual({ fields: ['a', 'b'], limit: '5' });
    expect(Object.keys(mixFields(fields))).toEqual(['fields', 'limit']);
  });
});

describe('parseMultipart', () => {
  it('reads fields and files from a multipart body', () => {
    const body = Buffer.from(
      [
        '--XyZ',
        'Content-Disposition: form-data; name="resource_id"',
        '',
        'abc',
        '--XyZ',
        'Content-Disposition: form-data; name="upload"; filename="a.csv"',
        'Content-Type: text/csv',
        '',
        'x,y',
        '--XyZ--',
        '',
      ].join('\r\n'),
    );
    expect(parseMultipart(body, 'XyZ')).toEqual([
      { name: 'resource_id', value: 'abc' },
      { name: 'upload', value: 'x,y', filename: 'a.csv' },
    ]);
  });
});

describe('readMimetype / readBoundary', () => {
  it('reads the media type without parameters, lower-cased', () => {
    expect(readMimetype('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(readMimetype(undefined)).toBe('');
  });

  it('reads a quoted or bare boundary', () => {
    expect(readBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(readBoundary('multipart/form-data; boundary=XyZ')).toBe('XyZ');
  });
});
