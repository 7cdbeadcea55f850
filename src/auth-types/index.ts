/**
 * One descriptor per auth type (see auth-descriptor.ts). `describeAuth` is the only dispatch on
 * `auth.type` outside the runtime's providers.
 */
import type { Auth } from '../../generated/spec-types.js';
import { fieldOf, type AuthDescriptor, type AuthFields } from './auth-descriptor.js';
import { describeApiKeyAuth } from './api-key.js';
import { describeBasicAuth } from './basic.js';
import { describeBearerAuth } from './bearer.js';
import { describeNoneAuth } from './none.js';
import { describeOAuth2Auth } from './oauth2.js';

export type { AuthDescriptor, AuthFields, AuthInput, AuthType, CredentialPlacement, HeaderAuthDescriptor, InputNeed, Redaction } from './auth-descriptor.js';
export { API_KEY_PLACEHOLDER, describeApiKeyAuth } from './api-key.js';
export { describeBasicAuth } from './basic.js';
export { describeBearerAuth } from './bearer.js';
export { describeNoneAuth } from './none.js';
export { describeOAuth2Auth, INPUT_URL_PLACEHOLDER, tokenUrlInputName, type OAuth2Role } from './oauth2.js';

/** The descriptor of a spec's auth; undefined for a type no descriptor knows (the schema reports it). */
export function describeAuth(auth: Auth | AuthFields): AuthDescriptor | undefined {
  const fields: AuthFields = auth;
  switch (fieldOf(fields, 'type')) {
    case 'none':
      return describeNoneAuth();
    case 'bearer':
      return describeBearerAuth(fields);
    case 'basic':
      return describeBasicAuth(fields);
    case 'apiKey':
      return describeApiKeyAuth(fields);
    case 'oauth2':
      return describeOAuth2Auth(fields);
    default:
      return undefined;
  }
}

/** Names of the inputs the auth reads as credentials (secret whatever the spec's `inputs` say). */
export function authSecretInputNames(auth: Auth | AuthFields): string[] {
  return (describeAuth(auth)?.inputs ?? []).filter((input) => input.secret).map((input) => input.name);
}

/**
 * The default names of every credential input of every auth type and grant (`token`, `password`,
 * `clientSecret`, ...): secrets in any spec, e.g. for the CLI, which refuses them as flags.
 */
export const STANDARD_SECRET_INPUTS: ReadonlySet<string> = new Set(
  [
    { type: 'bearer' },
    { type: 'basic' },
    { type: 'apiKey', in: 'header' },
    ...['client_credentials', 'authorization_code', 'refresh_token'].map((grant) => ({ type: 'oauth2', grant })),
  ].flatMap((auth) => authSecretInputNames(auth)),
);
