/**
 * The Zendesk simulator: the Support API users endpoints on a 127.0.0.1 socket, for the contract
 * tests of `specs/prebuilt/zendesk.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { zendeskHandlers } from './handlers.js';
import { createZendeskState, type ZendeskState, type ZendeskUser } from './state.js';

export * from './state.js';
export { zendeskHandlers, ZENDESK_MAX_PAGE_SIZE } from './handlers.js';

export interface ZendeskSimulator {
  server: HandlerServer;
  state: ZendeskState;
  close(): Promise<void>;
}

export async function startZendesk(users?: ZendeskUser[]): Promise<ZendeskSimulator> {
  const state = createZendeskState(users);
  const server = await serveHandlers(...zendeskHandlers(state));
  return { server, state, close: () => server.close() };
}
