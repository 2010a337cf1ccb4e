// The pre-flight: one request before any case, so a down target is one clear line (exit 3), not N case errors.
import { HttpError, type HttpClient } from '../http/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { maskUrlCredentials } from '../util/redact.ts';

/**
 * Sends `GET <base>/api/3` (CKAN answers `{"version": 3}`; any HTTP answer at all proves the target is up).
 * Throws KitError E_UNREACHABLE `target <url> is unreachable: <reason>` (URL credentials masked) when no HTTP
 * answer comes back.
 */
export async function checkReachable(client: HttpClient, baseUrl: string): Promise<void> {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/3`;
  try {
    await client.send({ method: 'GET', url });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // the HttpError message is `[GET] "url": reason`; keep only the reason, the target is named already
    const reason = error.message.replace(/^\[[A-Z]+\] "[^"]*": /, '');
    throw new KitError(KitErrorCode.unreachable, `target ${maskUrlCredentials(baseUrl)} is unreachable: ${reason}`, { cause: error });
  }
}
