import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-escape.ts';

describe('escapeHtml', () => {
  it.each([
    ['<script>alert("x")</script>', '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'],
    ["a & b's", 'a &amp; b&#39;s'],
    ['nul\u0000 bell\u0007 tab\t nl\n', 'nul bell tab\t nl\n'],
    ['pair 😀 lone \uD800 end', 'pair 😀 lone  end'],
  ])('escapes %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});
