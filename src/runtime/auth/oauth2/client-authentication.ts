/**
 * How the client proves itself at the token endpoint (RFC 6749 §2.3.1): client_secret_basic puts
 * id and secret in a Basic header, each form-urlencoded first (Appendix B); client_secret_post
 * puts them in the body. A public client (no secret) sends only `client_id` in the body (§3.2.1).
 */

export interface ClientCredentials {
  method: 'client_secret_basic' | 'client_secret_post';
  clientId: string;
  clientSecret: string | undefined;
}

/** application/x-www-form-urlencoded encoding of one value (space as `+`), as Appendix B asks. */
export function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1);
}

/** The Basic header value of client_secret_basic. */
export function encodeClientSecretBasic(clientId: string, clientSecret: string): string {
  const pair = `${formEncode(clientId)}:${formEncode(clientSecret)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/** Adds the client's credentials to a token request's form and headers, in place. */
export function applyClientAuthentication(client: ClientCredentials, request: { form: URLSearchParams; headers: Record<string, string> }): void {
  if (client.clientSecret === undefined) {
    request.form.set('client_id', client.clientId);
    return;
  }
  if (client.method === 'client_secret_basic') {
    request.headers.authorization = encodeClientSecretBasic(client.clientId, client.clientSecret);
    return;
  }
  request.form.set('client_id', client.clientId);
  request.form.set('client_secret', client.clientSecret);
}
