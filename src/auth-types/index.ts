/**
 * One descriptor per auth type (see auth-descriptor.ts). `describeAuth` is the only dispatch on
 * `auth.type` outside the runtime's providers.
 */
import type { OAuth2Auth } from '../../generated/spec-types.js';
import { fieldOf, type AuthDescriptor, type AuthFields, type AuthType } from './auth-descriptor.js';
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
export {
  describeOAuth2Auth,
  GRANT_TOKEN_PARAMS,
  INPUT_URL_PLACEHOLDER,
  tokenParamSources,
  tokenUrlInputName,
  type OAuth2Role,
  type TokenParamSource,
} from './oauth2.js';

/** The descriptor of a spec's auth; undefined for a type no descriptor knows (the schema reports it). */
export function describeAuth(auth: AuthFields): AuthDescriptor | undefined {
  switch (fieldOf(auth, 'type')) {
    case 'none':
      return describeNoneAuth();
    case 'bearer':
      return describeBearerAuth(auth);
    case 'basic':
      return describeBasicAuth(auth);
    case 'apiKey':
      return describeApiKeyAuth(auth);
    case 'oauth2':
      return describeOAuth2Auth(auth);
    default:
      return undefined;
  }
}

/** Names of the inputs the auth reads as credentials (secret whatever the spec's `inputs` say). */
export function authSecretInputNames(auth: AuthFields): string[] {
  return (describeAuth(auth)?.inputs ?? []).filter((input) => input.secret).map((input) => input.name);
}

/** Every grant, keyed so that a grant the schema adds and this list lacks fails the typecheck. */
const GRANTS: Record<OAuth2Auth['grant'], true> = { client_credentials: true, authorization_code: true, refresh_token: true };

/** One auth block per type with its default input names, keyed likewise by every type the schema has. */
const WITH_DEFAULT_NAMES: Record<AuthType, AuthFields[]> = {
  none: [],
  bearer: [{ type: 'bearer' }],
  basic: [{ type: 'basic' }],
  apiKey: [{ type: 'apiKey', in: 'header' }],
  oauth2: Object.keys(GRANTS).map((grant) => ({ type: 'oauth2', grant })),
};

/**
 * The default names of every credential input of every auth type and grant (`token`, `password`,
 * `clientSecret`, ...): secrets in any spec, e.g. for the CLI, which refuses them as flags.
 */
export const STANDARD_SECRET_INPUTS: ReadonlySet<string> = new Set(
  Object.values(WITH_DEFAULT_NAMES)
    .flat()
    .flatMap((auth) => authSecretInputNames(auth)),
);
