/**
 * The Grafana simulator: an instance's user search and admin user endpoints under /api on a
 * 127.0.0.1 socket, for the tests of `specs/prebuilt/grafana.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { grafanaHandlers } from './handlers.js';
import { createGrafanaState, type GrafanaState, type GrafanaUser } from './state.js';

export * from './state.js';
export { grafanaHandlers } from './handlers.js';

export interface GrafanaSimulator {
  server: HandlerServer;
  state: GrafanaState;
  /** The base URL a connection uses: the server's origin and /api. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startGrafana(users?: GrafanaUser[]): Promise<GrafanaSimulator> {
  const state = createGrafanaState(users);
  const server = await serveHandlers(...grafanaHandlers(state));
  return { server, state, baseUrl: `${server.origin}/api`, close: () => server.close() };
}
