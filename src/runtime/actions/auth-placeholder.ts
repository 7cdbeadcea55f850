/**
 * A rendered (unsent) request lacks its credentials: the auth provider adds them only when
 * sending, and may first have to fetch a token. `renderRequest()` and `previewPayload()` still
 * show where they go (the header or query parameter the spec's auth uses), with the value `***`,
 * never the secret itself, so an operator's dry run shows the request as the target will see it.
 */
import type { Auth } from '../../../generated/spec-types.js';
import type { RenderedRequest } from './inspect-action.js';

export const MASK = '***';

/** The header the auth sends its credentials in, or undefined (none, or a query API key). */
function authHeaderName(auth: Auth): string | undefined {
  if (auth.type === 'bearer' || auth.type === 'oauth2') return auth.header ?? 'Authorization';
  if (auth.type === 'basic') return 'Authorization';
  if (auth.type === 'apiKey' && auth.in === 'header') return auth.name;
  return undefined;
}

export function addAuthPlaceholder(request: RenderedRequest, auth: Auth): RenderedRequest {
  const header = authHeaderName(auth);
  if (header !== undefined) {
    // A spec header of the same name would be overwritten by the provider when sending.
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== header.toLowerCase()));
    return { ...request, headers: { ...headers, [header]: MASK } };
  }
  if (auth.type === 'apiKey' && auth.in === 'query') {
    const url = new URL(request.url);
    url.searchParams.set(auth.name, MASK);
    // URLSearchParams writes `*` as %2A; the mask reads better as is.
    return { ...request, url: url.toString().replaceAll('%2A%2A%2A', MASK) };
  }
  return request;
}
