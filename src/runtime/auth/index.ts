/**
 * The auth layer's entry points: one provider per connection, made from the spec's `auth`, and
 * the authorization URL of the authorization code grant for the host's connect flow.
 */
import type { Auth, ConnectorSpec } from '../../../generated/spec-types.js';
import { authSecretInputNames } from '../../auth-types/index.js';
import type { AuthContext, AuthProvider } from './auth-provider.js';
import { createApiKeyAuth } from './api-key-auth.js';
import { createBasicAuth } from './basic-auth.js';
import { createBearerAuth } from './bearer-auth.js';
import { createNoneAuth } from './none-auth.js';
import { createOAuth2Auth } from './oauth2/oauth2-auth.js';

export type { AuthContext, AuthProvider, OutgoingRequest, TokenEndpointResponse } from './auth-provider.js';
export { buildAuthorizationUrl, type AuthorizationUrl, type AuthorizationUrlRequest } from './oauth2/authorization-url.js';

/** Makes the provider for a connection; throws ConnectorError(CONFIG) naming a missing input. */
export function createAuthProvider(auth: Auth, context: AuthContext): AuthProvider {
  switch (auth.type) {
    case 'none':
      return createNoneAuth();
    case 'bearer':
      return createBearerAuth(auth, context);
    case 'basic':
      return createBasicAuth(auth, context);
    case 'apiKey':
      return createApiKeyAuth(auth, context);
    case 'oauth2':
      return createOAuth2Auth(auth, context);
  }
}

/**
 * Every input whose value must be redacted and kept out of templates: those marked `secret` in
 * the spec, and the credentials the auth reads (its descriptor's secret inputs) even if the spec forgot to mark them.
 */
export function secretInputNames(spec: Pick<ConnectorSpec, 'auth' | 'inputs'>): string[] {
  const declared = Object.entries(spec.inputs ?? {})
    .filter(([, input]) => input.secret === true)
    .map(([name]) => name);
  return [...new Set([...declared, ...authSecretInputNames(spec.auth)])];
}
