/**
 * The Okta simulator: an org's Users and User Lifecycle APIs on a 127.0.0.1 socket, for the
 * contract tests of `specs/prebuilt/okta.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { oktaHandlers } from './handlers.js';
import { createOktaState, type OktaState, type OktaUser } from './state.js';

export * from './state.js';
export { oktaHandlers, oktaError, OKTA_DEFAULT_LIMIT, OKTA_MAX_LIMIT } from './handlers.js';

export interface OktaSimulator {
  server: HandlerServer;
  state: OktaState;
  close(): Promise<void>;
}

export async function startOkta(users?: OktaUser[]): Promise<OktaSimulator> {
  const state = createOktaState(users);
  const server = await serveHandlers(...oktaHandlers(state));
  return { server, state, close: () => server.close() };
}
