/**
 * The GitHub organization simulator: members, memberships and invitations of one organization on
 * a 127.0.0.1 socket, for the contract tests of `specs/prebuilt/github-org.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { gitHubOrgHandlers } from './handlers.js';
import { createGitHubOrgState, seedGitHubOrg, type GitHubOrgState } from './state.js';

export * from './state.js';
export { gitHubOrgHandlers } from './handlers.js';

export interface GitHubOrgSimulator {
  server: HandlerServer;
  state: GitHubOrgState;
  close(): Promise<void>;
}

export async function startGitHubOrg(seed = seedGitHubOrg(20)): Promise<GitHubOrgSimulator> {
  const state = createGitHubOrgState(seed);
  const server = await serveHandlers(...gitHubOrgHandlers(state));
  return { server, state, close: () => server.close() };
}
