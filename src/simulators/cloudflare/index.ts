/**
 * The Cloudflare simulator: one account's members and roles endpoints on a 127.0.0.1 socket, for
 * the tests of `specs/prebuilt/cloudflare.yaml`. Paths are under /client/v4, as on api.cloudflare.com.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { cloudflareHandlers } from './handlers.js';
import { createCloudflareState, type CloudflareMember, type CloudflareState } from './state.js';

export * from './state.js';
export { cloudflareHandlers, CLOUDFLARE_MAX_PER_PAGE } from './handlers.js';

export interface CloudflareSimulator {
  server: HandlerServer;
  state: CloudflareState;
  /** The base URL a connection uses: the server's origin and /client/v4. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startCloudflare(members?: CloudflareMember[]): Promise<CloudflareSimulator> {
  const state = createCloudflareState(members);
  const server = await serveHandlers(...cloudflareHandlers(state));
  return { server, state, baseUrl: `${server.origin}/client/v4`, close: () => server.close() };
}
