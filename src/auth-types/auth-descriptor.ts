/**
 * What an auth type is, as data: the operator inputs it reads, where each value goes, where the
 * credential ends up on a request to the target, and which spellings of it are redacted. The
 * validator, the runtime, the Test output and the CLI all read these descriptors, so what one
 * requires the others require too. This folder imports neither the compiler nor the runtime.
 */
import type { Auth } from '../../generated/spec-types.js';

export type AuthType = Auth['type'];

/**
 * When the connection needs an input: always, never (used when given), or unless another input
 * (named by its role) is given — the authorization code grant needs the code only until the
 * target has issued a refresh token.
 */
export type InputNeed = 'required' | 'optional' | { readonly unless: string };

export interface AuthInput<Role extends string = string> {
  /** What the auth uses the value for (`token`, `password`, `clientSecret`, ...). */
  readonly role: Role;
  /** The operator input's name (the spec may rename it, e.g. `auth.token: apiToken`). */
  readonly name: string;
  /** A credential: redacted everywhere, never a template variable, never a command-line flag. */
  readonly secret: boolean;
  readonly need: InputNeed;
  /** Where the value is sent: in a header or query of every request, or in the token request's form body. */
  readonly sentIn: 'header' | 'query' | 'body';
  /** JSON pointer of the spec field that names the input, or of `auth/type` (or `auth/grant`) when the default name is used. */
  readonly pointer: string;
  /** Why the auth reads it, for diagnostics (`bearer auth sends it as the token`). */
  readonly why: string;
}

/** Where the credential goes on every request to the target (what a dry run shows as `***`). */
export type CredentialPlacement =
  | { readonly in: 'none' }
  | {
      readonly in: 'header' | 'query';
      readonly name: string;
      /** Further headers that carry a credential on every request (an apiKey auth's `additionalHeaders`). */
      readonly alsoHeaders?: readonly string[];
    };

export interface Redaction {
  /** Besides each secret input's raw value, its URL-encoded spellings (it is printed inside URLs). */
  readonly queryEncodings: boolean;
  /**
   * A Basic `user:password` pair the auth builds from secret inputs, whose base64 form is a secret
   * of its own: sent to the target (basic) or to the token endpoint (`client_secret_basic`).
   */
  readonly basicPair: 'none' | 'target' | 'tokenEndpoint';
  /** Tokens obtained at run time (OAuth 2.0 access and refresh tokens) are secrets as well. */
  readonly obtainedTokens: boolean;
}

/** `Required` roles are read on every connection; `Optional` ones only in some cases. */
export interface AuthDescriptor<Required extends string = string, Optional extends string = string> {
  readonly type: AuthType;
  /** How messages name it: `bearer`, `basic`, `apiKey`, `oauth2 client_credentials`, ... */
  readonly label: string;
  /** In the order a connection reads them, so the first missing one is the one reported. */
  readonly inputs: ReadonlyArray<AuthInput<Required | Optional>>;
  readonly credential: CredentialPlacement;
  readonly redaction: Redaction;
}

/** A descriptor whose credential always goes in a header (bearer, basic, oauth2). */
export type HeaderAuthDescriptor<Required extends string, Optional extends string> = AuthDescriptor<Required, Optional> & {
  readonly credential: { readonly in: 'header'; readonly name: string };
};

/**
 * The auth block as the validator sees it (not yet schema-checked, so every field is read
 * defensively) or as the runtime does (typed, lowered).
 */
export type AuthFields = object;

/** A field of the auth block, whatever it holds. */
export function fieldOf(auth: AuthFields, field: string): unknown {
  return (auth as Readonly<Record<string, unknown>>)[field];
}

/** The spec's value of a field naming an input, or the schema's default. */
export function fieldOr(auth: AuthFields, field: string, fallback: string): string {
  const value = fieldOf(auth, field);
  return typeof value === 'string' ? value : fallback;
}

/** The pointer of a field when the spec sets it, else of the field that chose the default. */
export function pointerOf(auth: AuthFields, field: string, otherwise = '/auth/type'): string {
  return typeof fieldOf(auth, field) === 'string' ? `/auth/${field}` : otherwise;
}
