// The HTML error pages CKAN renders for routing failures (404, 405, 415), an answer it cannot encode (500) and our
// body-size refusal (413).
import { escapeHtml, htmlContentType } from './envelope.ts';
import type { CkanTraits } from './ckan-versions.ts';
import type { AppResponse } from './http-types.ts';

const reasons: Readonly<Record<number, { title: string; text: string }>> = {
  404: { title: 'Not Found', text: 'The requested URL was not found on the server.' },
  405: { title: 'Method Not Allowed', text: 'The method is not allowed for the requested URL.' },
  413: { title: 'Request Entity Too Large', text: 'The data value transmitted exceeds the capacity limit.' },
  500: {
    title: 'Internal Server Error',
    text: 'The server encountered an internal error and was unable to complete your request. Either the server is overloaded or there is an error in the application.',
  },
  503: { title: 'Service Unavailable', text: 'The server is not available.' },
  415: {
    title: 'Unsupported Media Type',
    text: "Did not attempt to load JSON data because the request Content-Type was not 'application/json'.",
  },
};

/** Routing's 405 page (`allow`: the methods the route takes), or no answer where the release's 405 handling fails. */
export function respondMethodNotAllowed(allow: string, traits: CkanTraits): AppResponse {
  if (traits.has('method-not-allowed-dropped')) return { status: 405, headers: {}, body: '', dropConnection: true };
  return respondHtmlError(405, { headers: { allow } });
}

/** An HTML error page with the status's title, an optional specific explanation, and extra headers. */
export function respondHtmlError(status: number, options: { detail?: string; headers?: Record<string, string> } = {}): AppResponse {
  const reason = reasons[status] ?? { title: 'Error', text: '' };
  const text = options.detail ?? reason.text;
  const body = [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${status} ${reason.title}</title></head>`,
    `<body><h1>${status} ${reason.title}</h1><p>${escapeHtml(text)}</p></body>`,
    '</html>',
    '',
  ].join('\n');
  return { status, headers: { 'content-type': htmlContentType, ...options.headers }, body };
}
