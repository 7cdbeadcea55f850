/**
 * The session cookie (RFC 6265), read and written through @fastify/cookie: HttpOnly (no script
 * reads it), SameSite=Lax (not sent on cross-site POSTs; links into the console still arrive
 * signed in), Secure when the request came over TLS, scoped to /console. Its value is the session
 * id alone.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'console_session';

export function sessionCookieOptions(input: { secure: boolean }): CookieSerializeOptions {
  return { path: '/console', httpOnly: true, sameSite: 'lax', secure: input.secure };
}

/** Ends the cookie at once (Max-Age=0, which browsers and the tests' client both honour). */
export function clearedCookieOptions(input: { secure: boolean }): CookieSerializeOptions {
  return { ...sessionCookieOptions(input), maxAge: 0 };
}
