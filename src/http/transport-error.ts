// Maps what undici/node throw into one-line HttpErrors: `[POST] "url": connect ECONNREFUSED`.
// Messages carry the method, the URL (password removed) and a reason; never header values or bodies.
import { maskUrlCredentials } from '../util/redact.ts';
import { HttpError, HttpErrorCode } from './types.ts';

interface Reason {
  code: HttpErrorCode;
  text: string;
}

const connectCodes: ReadonlySet<string> = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ETIMEDOUT']);
const dnsCodes: ReadonlySet<string> = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);
// Node's certificate verification codes (tls.TLSSocket#authorizationError) that do not start with ERR_.
const certificatePattern = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE)/;

/** The URL as shown in messages: its credentials masked (see maskUrlCredentials). */
export function displayUrl(url: string): string {
  return maskUrlCredentials(url);
}

/** Builds the HttpError for one failed request. */
export function createHttpError(method: string, url: string, reason: Reason, details: { attempts: number; cause?: unknown; unanswered?: boolean }): HttpError {
  const message = `[${method}] "${displayUrl(url)}": ${reason.text}`;
  return new HttpError(reason.code, message, details.attempts, { cause: details.cause, unanswered: details.unanswered === true });
}

export function describeTimeout(timeoutMs: number): Reason {
  return { code: HttpErrorCode.timeout, text: `timeout after ${timeoutMs} ms` };
}

/** A request stopped by its caller's signal (an interrupted run), before an answer came. */
export function describeInterrupted(): Reason {
  return { code: HttpErrorCode.interrupted, text: 'interrupted before an answer came' };
}

/** A body that is not what its Content-Encoding says, or in a coding the client has no decoder for. */
export function describeUndecodable(codings: readonly string[], detail: string): Reason {
  return { code: HttpErrorCode.decode, text: `body not readable as Content-Encoding ${codings.join(', ')}: ${detail}` };
}

/** Classifies a thrown transport error by its `code`. */
export function describeTransportError(error: unknown): Reason {
  const code = readCode(error);
  if (connectCodes.has(code)) return { code: HttpErrorCode.connect, text: `connect ${code}` };
  if (dnsCodes.has(code)) return { code: HttpErrorCode.connect, text: `getaddrinfo ${code}` };
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { code: HttpErrorCode.connect, text: 'connect timeout' };
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO' || certificatePattern.test(code)) {
    return { code: HttpErrorCode.tls, text: `TLS error ${code}${certificateHint(code)}` };
  }
  if (code === 'ECONNRESET') return { code: HttpErrorCode.network, text: 'connection reset by peer (ECONNRESET)' };
  if (code === 'EPIPE') return { code: HttpErrorCode.network, text: 'connection closed while sending (EPIPE)' };
  if (code === 'UND_ERR_SOCKET') return { code: HttpErrorCode.network, text: 'connection closed by the server before the response ended' };
  if (code.startsWith('HPE_')) return { code: HttpErrorCode.network, text: `invalid HTTP response (${code})` };
  return { code: HttpErrorCode.network, text: firstLine(error, code) };
}

/** What a certificate error means for the user, if it is one. */
function certificateHint(code: string): string {
  if (code === 'CERT_HAS_EXPIRED') return ': the server certificate has expired';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return ': the server certificate is for another host name';
  if (!certificatePattern.test(code)) return '';
  return ": the server certificate is not trusted here; if your organisation's own CA signed it, give that CA's certificate with NODE_EXTRA_CA_CERTS=/path/to/ca.pem";
}

function readCode(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('code' in error)) return '';
  return typeof error.code === 'string' ? error.code : '';
}

function firstLine(error: unknown, code: string): string {
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  const text = message.trim() === '' ? 'network error' : message.trim();
  return code === '' || text.includes(code) ? text : `${text} (${code})`;
}
