/**
 * A fake OAuth 2.0 token endpoint (msw handlers on a real socket). Issues `access-1`,
 * `access-2`, ... and, when asked to rotate, `refresh-1`, `refresh-2`, ...; a test can replace the
 * answer per scenario with `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../../src/simulators/serve-handlers.js';

export interface TokenServerOptions {
  expiresIn?: number | undefined;
  rotateRefreshToken?: boolean;
}

export interface TokenServer {
  server: HandlerServer;
  tokenUrl: string;
  /** The form fields of every token request, in order. */
  forms(): Record<string, string>[];
  issued: number;
  options: TokenServerOptions;
  /** Resolves each held request when called; set `hold` to make requests wait. */
  hold: Promise<void> | undefined;
}

export async function startTokenServer(options: TokenServerOptions = {}): Promise<TokenServer> {
  const state: Omit<TokenServer, 'server' | 'tokenUrl' | 'forms'> = { issued: 0, options, hold: undefined };
  const server = await serveHandlers(
    http.post('*/oauth/token', async () => {
      state.issued += 1;
      const n = state.issued;
      if (state.hold !== undefined) await state.hold;
      return HttpResponse.json({
        access_token: `access-${n}`,
        token_type: 'Bearer',
        ...(state.options.expiresIn === undefined ? {} : { expires_in: state.options.expiresIn }),
        ...(state.options.rotateRefreshToken === true ? { refresh_token: `refresh-${n}` } : {}),
      });
    }),
  );
  return Object.assign(state, {
    server,
    tokenUrl: `${server.origin}/oauth/token`,
    forms: () => server.requests.filter((r) => r.url === '/oauth/token').map((r) => Object.fromEntries(new URLSearchParams(r.body))),
  });
}
