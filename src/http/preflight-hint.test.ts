import { describe, expect, it } from 'vitest';
import type { HttpResponse } from './types.ts';
import { describeAnswer, suggestBaseUrl } from './preflight-hint.ts';
import { isCkanEnvelope } from './preflight.ts';

function answer(status: number, contentType: string | undefined, body: string): HttpResponse {
  const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
  return { status, headers, body, bodyTruncated: false, durationMs: 1, attempts: 1 };
}

describe('describeAnswer', () => {
  it.each([
    [answer(404, 'text/html; charset=utf-8', '<html><title>Not Found</title></html>'), 'an HTML 404 page ("Not Found")'],
    [answer(200, undefined, '<!DOCTYPE html><p>hi</p>'), 'an HTML 200 page'],
    [answer(200, 'application/json', '{"a":1}'), "a JSON 200 answer that is not CKAN's {success, result} envelope"],
    [answer(502, 'text/plain', ''), 'an empty 502 answer (text/plain)'],
    [answer(403, 'text/plain', 'denied'), 'a text/plain 403 answer'],
  ])('describes %#', (response, text) => {
    expect(describeAnswer(response)).toBe(text);
  });
});

describe('suggestBaseUrl', () => {
  const html404 = answer(404, 'text/html', '<html></html>');
  it.each([
    ['https://h.example/api/3/action', 'the base URL ends in an API path: drop it, e.g. --target https://h.example'],
    ['https://h.example/data/api/action/', 'the base URL ends in an API path: drop it, e.g. --target https://h.example/data'],
    ['https://h.example/api/3/action/datastore_search', 'the base URL ends in an API path: drop it, e.g. --target https://h.example'],
    ['https://u:secret@h.example/api', 'the base URL ends in an API path: drop it, e.g. --target https://u:***@h.example'],
    ['https://h.example/dataset', 'try the site root (--target https://h.example) or the sub-path the portal lives under'],
    ['https://h.example', 'if the portal lives under a sub-path (e.g. https://host/data), give that sub-path as the base URL'],
  ])('for %s', (base, hint) => {
    expect(suggestBaseUrl(base, html404)).toBe(hint);
  });

  it('points at a login wall for a 401 or 403', () => {
    expect(suggestBaseUrl('https://h.example/x', answer(401, 'text/html', '<html></html>'))).toMatch(/login wall/);
  });
});

describe('isCkanEnvelope', () => {
  it.each([
    ['{"help":"h","success":true,"result":{}}', true],
    ['{"success":false,"error":{"__type":"Authorization Error"}}', true],
    ['{"success":true}', false],
    ['"Bad request - Action name not known: status_show"', false],
    ['[1]', false],
    ['<html></html>', false],
  ])('%s -> %s', (text, expected) => {
    expect(isCkanEnvelope(text)).toBe(expected);
  });
});
