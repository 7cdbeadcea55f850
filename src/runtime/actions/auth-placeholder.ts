/**
 * A rendered (unsent) request lacks its credentials: the auth provider adds them only when
 * sending, and may first have to fetch a token. `renderRequest()` and `previewPayload()` still
 * show where they go (the header or query parameter the spec's auth uses), with the value `***`,
 * never the secret itself, so an operator's dry run shows the request as the target will see it.
 */
import type { Auth } from '../../../generated/spec-types.js';
import { describeAuth } from '../../auth-types/index.js';
import type { RenderedRequest } from './inspect-action.js';

export const MASK = '***';

/** Masks the credential where the auth type's descriptor says it goes (src/auth-types/). */
export function addAuthPlaceholder(request: RenderedRequest, auth: Auth): RenderedRequest {
  const credential = describeAuth(auth)?.credential ?? { in: 'none' };
  if (credential.in !== 'none' && credential.alsoHeaders) {
    const masked = addAuthPlaceholder(request, { ...auth, additionalHeaders: [] } as Auth);
    const also = new Set(credential.alsoHeaders.map((name) => name.toLowerCase()));
    const headers = Object.fromEntries(Object.entries(masked.headers).filter(([name]) => !also.has(name.toLowerCase())));
    return { ...masked, headers: { ...headers, ...Object.fromEntries(credential.alsoHeaders.map((name) => [name, MASK])) } };
  }
  if (credential.in === 'header') {
    const header = credential.name;
    // A spec header of the same name would be overwritten by the provider when sending.
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== header.toLowerCase()));
    return { ...request, headers: { ...headers, [header]: MASK } };
  }
  if (credential.in === 'query') {
    const url = new URL(request.url);
    url.searchParams.set(credential.name, MASK);
    // URLSearchParams writes `*` as %2A; the mask reads better as is.
    return { ...request, url: url.toString().replaceAll('%2A%2A%2A', MASK) };
  }
  return request;
}
