/**
 * A real SCIM 2.0 service provider for the contract tests of `specs/scim/scim-2.0.yaml`: the
 * `scimmy` and `scimmy-routers` packages mounted in Express 4 (Express 5 breaks their paging) on
 * 127.0.0.1, with bearer-token auth (a static token, and with the `oauth` option the access tokens of
 * an OAuth 2.0 token endpoint, `token-endpoint.ts`) and the in-memory store of `user-store.ts`.
 */
import type { AddressInfo, Socket } from 'node:net';
import express from 'express';
import SCIMMY from 'scimmy';
import SCIMMYRouters from 'scimmy-routers';
import { NO_QUIRKS, quirksMiddleware, type ScimQuirks } from './quirks.js';
import { createTokenEndpoint, TOKEN_PATH, type OAuthClient, type TokenEndpoint } from './token-endpoint.js';
import { declareUserStore, type StoredUser, type UserStore } from './user-store.js';

export interface ScimRequest {
  method: string;
  /** Path and query relative to the origin, e.g. `/scim/v2/Users?startIndex=1&count=100`. */
  url: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined. */
  body: unknown;
}

export interface ScimServer {
  origin: string;
  /** The SCIM base URL: `<origin>/scim/v2`. */
  baseUrl: string;
  store: UserStore;
  /** Switch deviations of real servers on and off per test (all off at start). */
  quirks: ScimQuirks;
  requests: ScimRequest[];
  /** With the `oauth` option: the token endpoint (its URL, issued tokens, revocation). */
  oauth?: TokenEndpoint & { tokenUrl: string };
  close(): Promise<void>;
}

export interface StartScimServerOptions {
  /** A static bearer token the server accepts; omit to accept only OAuth access tokens. */
  token?: string;
  /** Also serve an OAuth 2.0 token endpoint for this client; the tokens it issues are accepted. */
  oauth?: OAuthClient;
  users?: StoredUser[];
  pageCap?: number;
}

export const SCIM_BASE_PATH = '/scim/v2';

export async function startScimServer(options: StartScimServerOptions): Promise<ScimServer> {
  const store: UserStore = { users: new Map((options.users ?? []).map((user) => [user.id, user])), pageCap: options.pageCap ?? 50 };
  declareUserStore(store);
  SCIMMY.Config.set({ patch: true, filter: store.pageCap });

  const requests: ScimRequest[] = [];
  const quirks: ScimQuirks = { ...NO_QUIRKS };
  const app = express();
  // Parse first (the router's own parser then skips) so each request is recorded with its body.
  app.use(express.json({ type: ['application/scim+json', 'application/json'] }));
  app.use(express.urlencoded({ extended: false }));
  app.use((request, _response, next) => {
    requests.push({
      method: request.method,
      url: request.originalUrl,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: request.body !== undefined && Object.keys(request.body as object).length > 0 ? request.body : undefined,
    });
    next();
  });
  app.use(quirksMiddleware(quirks));
  const tokenEndpoint = options.oauth === undefined ? undefined : createTokenEndpoint(options.oauth);
  if (tokenEndpoint) app.use(tokenEndpoint.router);
  const accepts = (authorization: string | undefined): boolean => {
    const token = /^Bearer (\S+)$/u.exec(authorization ?? '')?.[1];
    if (token === undefined) return false;
    return token === options.token || (tokenEndpoint?.valid.has(token) ?? false);
  };
  app.use(
    SCIM_BASE_PATH,
    new SCIMMYRouters({
      type: 'bearer',
      docUri: 'https://example.com/scim/auth',
      handler: (request) => {
        if (!accepts(request.header('Authorization'))) throw new Error('Invalid bearer token');
        return 'test-client';
      },
    }),
  );

  const sockets = new Set<Socket>();
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}${SCIM_BASE_PATH}`,
    store,
    quirks,
    requests,
    ...(tokenEndpoint && { oauth: { ...tokenEndpoint, tokenUrl: `${origin}${TOKEN_PATH}` } }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
