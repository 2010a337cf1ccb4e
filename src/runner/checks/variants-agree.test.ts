import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../model/index.ts';
import { checkVariantsAgree, rememberParsedBody } from './variants-agree.ts';
import type { RunVariant } from '../types.ts';

function result(method: 'GET' | 'POST', records: unknown[], status: CaseResult['status'] = 'pass'): CaseResult {
  return {
    id: `c [${method}]`,
    caseId: 'c',
    title: 't',
    class: 'k',
    tags: [],
    spec: [],
    file: 'f',
    variant: { method, locale: null, apiPath: '/api/action' },
    status,
    durationMs: 1,
    findings: [],
    exchange: {
      request: { method, url: 'u', headers: {} },
      response: { status: 200, headers: {}, body: JSON.stringify({ success: true, result: { records } }), bodyTruncated: false, durationMs: 1 },
      attempts: 1,
      curl: 'curl u',
    },
  };
}
const variants = [{ expect: {} }] as unknown as RunVariant[];

describe('checkVariantsAgree', () => {
  it('leaves agreeing variants alone', () => {
    const input = [result('POST', [{ a: 1 }]), result('GET', [{ a: 1 }])];
    expect(checkVariantsAgree(input, variants)).toEqual(input);
  });

  it('leaves variants alone whose records differ only in the order of their keys', () => {
    const input = [result('POST', [{ a: 1, b: 2 }]), result('GET', [{ b: 2, a: 1 }])];
    expect(checkVariantsAgree(input, variants).map((r) => r.status)).toEqual(['pass', 'pass']);
  });

  it('fails the odd one out and names the variant it differs from', () => {
    const input = [result('POST', [{ a: 1 }]), result('GET', [{ a: 2 }]), result('POST', [{ a: 1 }])];
    const out = checkVariantsAgree(input, variants);
    expect(out.map((r) => r.status)).toEqual(['pass', 'fail', 'pass']);
    expect(out[1]?.findings[0]).toMatchObject({
      rule: 'variants.agree',
      message: 'records differ from variant POST - /api/action of the same case',
      expected: [{ a: 1 }],
      actual: [{ a: 2 }],
    });
    expect(input[1]?.status).toBe('pass');
  });

  it('compares the bodies parsed while running, also when the report cut them', () => {
    const cut = (r: CaseResult): CaseResult => {
      const response = r.exchange?.response;
      if (response === undefined) throw new Error('no response');
      const body: unknown = JSON.parse(response.body);
      return rememberParsedBody({ ...r, exchange: { ...r.exchange, response: { ...response, body: '{"succ', bodyTruncated: true } } } as CaseResult, body);
    };
    const input = [cut(result('POST', [{ a: 1 }])), cut(result('GET', [{ a: 2 }])), cut(result('POST', [{ a: 1 }]))];
    expect(checkVariantsAgree(input, variants).map((r) => r.status)).toEqual(['pass', 'fail', 'pass']);
    // without the parsed bodies, a cut report body is not compared
    const unremembered = input.map((r) => ({ ...r }));
    expect(checkVariantsAgree(unremembered, variants).map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
  });

  it('compares in any order when exact records are unordered', () => {
    const unordered = [{ expect: { records: { ordered: false } } }] as unknown as RunVariant[];
    const input = [result('POST', [{ a: 1 }, { a: 2 }]), result('GET', [{ a: 2 }, { a: 1 }])];
    expect(checkVariantsAgree(input, unordered).map((r) => r.status)).toEqual(['pass', 'pass']);
    expect(checkVariantsAgree(input, variants).map((r) => r.status)).toEqual(['pass', 'fail']);
  });

  it('ignores variants that errored', () => {
    const input = [result('POST', [{ a: 1 }]), result('GET', [{ a: 2 }], 'error')];
    expect(checkVariantsAgree(input, variants).map((r) => r.status)).toEqual(['pass', 'error']);
  });
});
