/**
 * The Box simulator: the token endpoint (/oauth2/token) and the users API under /2.0 on one
 * 127.0.0.1 socket, as api.box.com serves them, for the tests of `specs/prebuilt/box.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { boxHandlers } from './handlers.js';
import { createBoxState, type BoxState, type BoxUser } from './state.js';

export * from './state.js';
export { boxHandlers, BOX_MAX_LIMIT } from './handlers.js';

export interface BoxSimulator {
  server: HandlerServer;
  state: BoxState;
  /** The base URL a connection uses: the server's origin and /2.0 (the token endpoint is at the origin). */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startBox(users?: BoxUser[]): Promise<BoxSimulator> {
  const state = createBoxState(users);
  const server = await serveHandlers(...boxHandlers(state));
  return { server, state, baseUrl: `${server.origin}/2.0`, close: () => server.close() };
}
