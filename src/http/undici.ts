// The parts of undici the kit sends with: its keep-alive Agent and request(). They are imported from undici's own
// modules, not its package index, which loads all of undici (fetch, WebSocket, EventSource, caches, mocks, proxy
// agents) on start-up: about 40 ms of every CLI process, for two parts.
import type { Dispatcher, Agent as UndiciAgent } from 'undici';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import requestOnDispatcher from 'undici/lib/api/api-request.js';

export const Agent = AgentClass;
export type Agent = UndiciAgent;

export type { Dispatcher };

/** undici's request() of `url` over `dispatcher` (what `undici.request(url, { dispatcher, ...options })` does). */
export function request(url: URL, dispatcher: Dispatcher, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  const path = url.search ? `${url.pathname}${url.search}` : url.pathname;
  return requestOnDispatcher.call(dispatcher, { ...options, origin: url.origin, path });
}
