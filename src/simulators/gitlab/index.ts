/**
 * The GitLab simulator: a self-managed instance's users API, its user moderation endpoints and
 * the system hooks endpoint the probe uses, under /api/v4 on a 127.0.0.1 socket, for the tests of
 * `specs/prebuilt/gitlab.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { gitlabHandlers } from './handlers.js';
import { createGitLabState, type GitLabState, type GitLabUser } from './state.js';

export * from './state.js';
export { gitlabHandlers } from './handlers.js';

export interface GitLabSimulator {
  server: HandlerServer;
  state: GitLabState;
  /** The base URL a connection uses: the server's origin and /api/v4. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startGitLab(users?: GitLabUser[]): Promise<GitLabSimulator> {
  const state = createGitLabState(users);
  const server = await serveHandlers(...gitlabHandlers(state));
  return { server, state, baseUrl: `${server.origin}/api/v4`, close: () => server.close() };
}
