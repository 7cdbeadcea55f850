/**
 * The Google Workspace simulator: the Admin SDK Directory API's users methods and Google's OAuth
 * 2.0 token endpoint (refresh token grant) on one 127.0.0.1 socket, for the tests of
 * `specs/prebuilt/google-workspace.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { googleWorkspaceHandlers } from './handlers.js';
import { createGoogleWorkspaceState, type GoogleUser, type GoogleWorkspaceState } from './state.js';

export * from './state.js';
export { googleWorkspaceHandlers, GOOGLE_MAX_RESULTS } from './handlers.js';

export interface GoogleWorkspaceSimulator {
  server: HandlerServer;
  state: GoogleWorkspaceState;
  /** The token endpoint, for the spec's tokenUrl input. */
  tokenUrl: string;
  close(): Promise<void>;
}

export async function startGoogleWorkspace(users?: GoogleUser[]): Promise<GoogleWorkspaceSimulator> {
  const state = createGoogleWorkspaceState(users);
  const server = await serveHandlers(...googleWorkspaceHandlers(state));
  return { server, state, tokenUrl: `${server.origin}/token`, close: () => server.close() };
}
