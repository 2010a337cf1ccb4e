import { describe, expect, it } from 'vitest';
import { createHttpError, describeTimeout, describeTransportError, displayUrl } from './transport-error.ts';

function errorWithCode(code: string, message = `boom ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeTransportError', () => {
  it.each([
    ['ECONNREFUSED', 'E_CONNECT', 'connect ECONNREFUSED'],
    ['EHOSTUNREACH', 'E_CONNECT', 'connect EHOSTUNREACH'],
    ['ENOTFOUND', 'E_CONNECT', 'getaddrinfo ENOTFOUND'],
    ['EAI_AGAIN', 'E_CONNECT', 'getaddrinfo EAI_AGAIN'],
    ['UND_ERR_CONNECT_TIMEOUT', 'E_CONNECT', 'connect timeout'],
    [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'E_TLS',
      "TLS error DEPTH_ZERO_SELF_SIGNED_CERT: the server certificate is not trusted here; if your organisation's own CA signed it, give that CA's certificate with NODE_EXTRA_CA_CERTS=/path/to/ca.pem",
    ],
    [
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'E_TLS',
      "TLS error UNABLE_TO_GET_ISSUER_CERT_LOCALLY: the server certificate is not trusted here; if your organisation's own CA signed it, give that CA's certificate with NODE_EXTRA_CA_CERTS=/path/to/ca.pem",
    ],
    ['CERT_HAS_EXPIRED', 'E_TLS', 'TLS error CERT_HAS_EXPIRED: the server certificate has expired'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'E_TLS', 'TLS error ERR_TLS_CERT_ALTNAME_INVALID: the server certificate is for another host name'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'E_TLS', 'TLS error ERR_SSL_WRONG_VERSION_NUMBER'],
    ['ECONNRESET', 'E_NETWORK', 'connection reset by peer (ECONNRESET)'],
    ['UND_ERR_SOCKET', 'E_NETWORK', 'connection closed by the server before the response ended'],
    ['HPE_INVALID_CONSTANT', 'E_NETWORK', 'invalid HTTP response (HPE_INVALID_CONSTANT)'],
    ['ESOMETHING', 'E_NETWORK', 'boom ESOMETHING'],
  ])('%s -> %s %j', (code, expectedCode, text) => {
    expect(describeTransportError(errorWithCode(code))).toEqual({ code: expectedCode, text });
  });

  it('keeps only the first line of an unknown multi-line error', () => {
    expect(describeTransportError(errorWithCode('EWHAT', 'first line\nsecond line'))).toEqual({ code: 'E_NETWORK', text: 'first line (EWHAT)' });
  });
});

describe('createHttpError', () => {
  it('builds the one-line message with method, URL and reason', () => {
    const error = createHttpError('POST', 'http://127.0.0.1:8800/api/action/datastore_search', describeTimeout(5000), { attempts: 2 });
    expect(error).toMatchObject({
      name: 'HttpError',
      code: 'E_TIMEOUT',
      attempts: 2,
      message: '[POST] "http://127.0.0.1:8800/api/action/datastore_search": timeout after 5000 ms',
    });
  });
});

describe('displayUrl', () => {
  it.each([
    ['http://h/x', 'http://h/x'],
    ['http://user:secret@h/x', 'http://user:***@h/x'],
    ['https://TOKEN@h/x', 'https://***@h/x'],
    ['not a url', 'not a url'],
  ])('%s -> %s', (url, shown) => {
    expect(displayUrl(url)).toBe(shown);
  });
});
