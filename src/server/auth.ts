// Who is calling: CKAN 2.11 reads a bare API token from `Authorization`; we also accept `X-CKAN-API-Key`
// (the pre-2.10 header) as a synonym. An unknown token is anonymous, never a 401.

/** Whether the request carries one of the configured tokens. */
export function isAuthorized(headers: Readonly<Record<string, string | undefined>>, apiTokens: readonly string[]): boolean {
  if (apiTokens.length === 0) return false;
  const candidates = [headers['authorization'], headers['x-ckan-api-key']];
  return candidates.some((value) => {
    const token = value?.trim() ?? '';
    return token !== '' && apiTokens.includes(token);
  });
}
