/**
 * The session cookie (RFC 6265): HttpOnly (no script reads it), SameSite=Lax (not sent on
 * cross-site POSTs; links into the console still arrive signed in), Secure when the request came
 * over TLS, scoped to /console. Its value is the session id alone.
 */

export const SESSION_COOKIE = 'console_session';

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';').map((text) => text.trim())) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at);
    // The first of two cookies with one name wins (RFC 6265 §5.4: the more specific path comes first).
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

export function sessionCookie(input: { id: string; secure: boolean }): string {
  return `${SESSION_COOKIE}=${input.id}; Path=/console; HttpOnly; SameSite=Lax${input.secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(input: { secure: boolean }): string {
  return `${SESSION_COOKIE}=; Path=/console; HttpOnly; SameSite=Lax; Max-Age=0${input.secure ? '; Secure' : ''}`;
}
