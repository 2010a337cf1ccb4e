// The HTTP client contract used by the runner and by extracts; implemented over undici in this folder.

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Overrides the client's timeout for this request (ms). */
  timeoutMs?: number;
  /** Stops the request, and any retry of it, when aborted (an interrupted run): it fails with E_INTERRUPTED. */
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Body decoded as UTF-8 (after its Content-Encoding, if any), cut at the client's body cap. */
  body: string;
  bodyTruncated: boolean;
  /** Time of the last attempt, first byte sent to last byte read (ms). */
  durationMs: number;
  /** Attempts made (1 = no retry). A success after retries is "flaky" for the runner. */
  attempts: number;
}

/** Transport failures: the request got no complete HTTP answer. */
export const HttpErrorCode = {
  connect: 'E_CONNECT',
  timeout: 'E_TIMEOUT',
  tls: 'E_TLS',
  network: 'E_NETWORK',
  bodyTooLarge: 'E_BODY_TOO_LARGE',
  invalidUrl: 'E_INVALID_URL',
  interrupted: 'E_INTERRUPTED',
  /** The body is not what its Content-Encoding says, or is in a coding the client cannot decode. */
  decode: 'E_DECODE',
} as const;
export type HttpErrorCode = (typeof HttpErrorCode)[keyof typeof HttpErrorCode];

/** One-line message in the shape `[POST] "http://host/api/action/x": connect ECONNREFUSED`. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /**
   * The connection was closed or reset before any of the answer came (the request may never have reached the
   * server): a kept-alive connection the server had already closed fails so.
   */
  readonly unanswered: boolean;

  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown; unanswered?: boolean },
  ) {
    super(message, options);
    this.unanswered = options?.unanswered ?? false;
  }
}

export interface HttpClient {
  /** Sends one request, with the client's retries; rejects only with HttpError. */
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}
