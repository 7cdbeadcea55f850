/**
 * The Microsoft Entra ID simulator: a tenant's token endpoint and the Microsoft Graph v1.0 users
 * endpoints on one 127.0.0.1 socket, for the contract tests of `specs/prebuilt/entra-id.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { entraHandlers } from './handlers.js';
import { createEntraState, type EntraState, type GraphUser } from './state.js';

export * from './state.js';
export { entraHandlers, graphError, GRAPH_MAX_TOP, GRAPH_SCOPE } from './handlers.js';

export interface EntraSimulator {
  server: HandlerServer;
  state: EntraState;
  /** The tenant's token endpoint on the simulator. */
  tokenUrl: string;
  /** The Graph v1.0 base URL on the simulator. */
  graphUrl: string;
  close(): Promise<void>;
}

export async function startEntraId(users?: GraphUser[]): Promise<EntraSimulator> {
  const state = createEntraState(users);
  const server = await serveHandlers(...entraHandlers(state));
  return { server, state, tokenUrl: `${server.origin}/${state.tenantId}/oauth2/v2.0/token`, graphUrl: `${server.origin}/v1.0`, close: () => server.close() };
}
