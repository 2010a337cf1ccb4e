/** A request as recorded: path (with query) relative to the target's origin. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Sends the requests to `origin` with bare undici at `concurrency`; resolves with how many answered. */
export function replayBare(origin: string, requests: readonly RecordedRequest[], concurrency: number): Promise<number>;
