// The plain-data request and response the pure app handler works on (listen.ts adapts node:http to them).

/** One HTTP request as data. */
export interface AppRequest {
  /** Upper-case method name as received (GET, POST, HEAD, ...). */
  method: string;
  /** Path plus query string, as sent on the request line (e.g. /api/3/action/x?a=b). */
  url: string;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Readonly<Record<string, string | undefined>>;
  /** The whole request body (empty for none). */
  body: Buffer;
}

/** One HTTP response as data. */
export interface AppResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string | Buffer;
  /**
   * No answer at all: the connection is closed instead (a CKAN release whose error handler fails, the trait
   * method-not-allowed-dropped); status, headers and body are then not sent.
   */
  dropConnection?: true;
}

/** The reference server's whole behaviour: a pure function from request to response. */
export type AppHandler = (request: AppRequest) => Promise<AppResponse>;
