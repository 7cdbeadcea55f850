/**
 * The Atlassian Cloud user provisioning simulator: one directory's SCIM /Users endpoints under
 * /scim/directory/<directoryId> on a 127.0.0.1 socket, for the tests of
 * `specs/prebuilt/atlassian-cloud.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { atlassianHandlers } from './handlers.js';
import { createAtlassianState, type AtlassianState, type AtlassianUser } from './state.js';

export * from './state.js';
export { atlassianHandlers, ATLASSIAN_DEFAULT_COUNT } from './handlers.js';

export interface AtlassianSimulator {
  server: HandlerServer;
  state: AtlassianState;
  /** The Directory base URL a connection uses: the server's origin and /scim/directory/<directoryId>. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startAtlassian(users?: AtlassianUser[]): Promise<AtlassianSimulator> {
  const state = createAtlassianState(users);
  const server = await serveHandlers(...atlassianHandlers(state));
  return { server, state, baseUrl: `${server.origin}/scim/directory/${state.directoryId}`, close: () => server.close() };
}
