/**
 * Turns a failed token endpoint response into a ConnectorError (RFC 6749 §5.2). Everything quoted
 * from the server is redacted first: an error description may echo a code or refresh token.
 */
import { ConnectorError } from '../../errors.js';
import type { TokenEndpointResponse } from '../auth-provider.js';
import { excerptRedacted, redactSecrets } from '../redact-secrets.js';

export interface TokenFailure {
  response: TokenEndpointResponse;
  tokenUrl: string;
  /** Which grant was being used, for the message (`client_credentials`, ...). */
  grant: string;
  secrets: Iterable<string>;
}

interface OAuthErrorBody {
  error: string;
  error_description?: unknown;
}

function isOAuthErrorBody(body: unknown): body is OAuthErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

// Token fields of an answer the provider could not use are never registered, so mask them by name.
const TOKEN_FIELDS = new Set(['access_token', 'refresh_token', 'id_token']);
const TOKEN_FIELD_IN_TEXT = /((?:access|refresh|id)_token["']?\s*[:=]\s*["']?)[^"'&\s,;}]+/gi;

/** Redacts every string leaf before the body is serialized, so each secret is matched as written. */
function redactLeaves(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value.replace(TOKEN_FIELD_IN_TEXT, '$1***'), secrets);
  if (Array.isArray(value)) return value.map((item) => redactLeaves(item, secrets));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, TOKEN_FIELDS.has(key.toLowerCase()) ? '***' : redactLeaves(item, secrets)]));
}

/**
 * A successful answer without a usable access token may still hold a token under another name
 * (`token`, `accessToken`): show only its shape, which is what the spec author needs anyway.
 */
function describeShape(body: object): string {
  if (Array.isArray(body)) return `an array of ${body.length} items`;
  const fields = Object.entries(body).map(([key, item]) => `${key}: ${item === null ? 'null' : typeof item}`);
  return `an object with ${fields.length === 0 ? 'no fields' : fields.join(', ')}`;
}

/** The body as an excerpt safe to show: secrets and token fields masked. */
function excerptBody(response: TokenEndpointResponse, secrets: string[]): string {
  const { body } = response;
  if (typeof body === 'object' && body !== null) {
    if (response.status < 300) return describeShape(body);
    return excerptRedacted(JSON.stringify(redactLeaves(body, secrets)), secrets);
  }
  return excerptRedacted(String(body ?? '').replace(TOKEN_FIELD_IN_TEXT, '$1***'), secrets);
}

/** The RFC 6749 §5.2 error code with its description, both redacted and short. */
function describeOAuthError(body: OAuthErrorBody, secrets: Iterable<string>): string {
  const description = typeof body.error_description === 'string' ? `: ${body.error_description}` : '';
  return excerptRedacted(`${body.error}${description}`.replace(TOKEN_FIELD_IN_TEXT, '$1***'), secrets);
}

/** The error for a token endpoint answer that is not a 2xx with an access token. */
export function toTokenEndpointError(failure: TokenFailure): ConnectorError {
  const { response, grant } = failure;
  const secrets = [...failure.secrets];
  const details = {
    action: 'auth',
    method: 'POST',
    url: redactSecrets(failure.tokenUrl, secrets),
    status: response.status,
    bodyExcerpt: excerptBody(response, secrets),
  };
  if (isOAuthErrorBody(response.body)) {
    const said = describeOAuthError(response.body, secrets);
    // The client credentials grant has no stored authorization to renew: what the server refused
    // is the client or the parameters sent with it (Box: the enterprise in box_subject_id).
    if (response.body.error === 'invalid_grant' && grant === 'client_credentials') {
      return new ConnectorError('AUTH_FAILED', `The token endpoint refused the client_credentials grant (${said}).`, {
        ...details,
        hint: "Check clientId and clientSecret and the inputs the spec's auth.tokenParams sends with them (such as a tenant or enterprise ID).",
      });
    }
    if (response.body.error === 'invalid_grant') {
      return new ConnectorError('RECONNECT_REQUIRED', `The token endpoint refused the ${grant} grant (${said}); the stored authorization is no longer valid.`, {
        ...details,
        hint: 'Reconnect: sign in to the target application again to re-authorize, or enter a new refresh token.',
      });
    }
    if (response.body.error === 'invalid_client') {
      return new ConnectorError('AUTH_FAILED', `The token endpoint rejected the client credentials (${said}).`, {
        ...details,
        hint: "Check clientId and clientSecret, and whether the spec's clientAuth (client_secret_basic or client_secret_post) is what the application expects.",
      });
    }
    return new ConnectorError('AUTH_FAILED', `The token endpoint refused the ${grant} request (${said}).`, {
      ...details,
      hint: "Check the client's configuration in the target application (grant type allowed, scopes).",
    });
  }
  if (response.status >= 500) {
    return new ConnectorError('TARGET_ERROR', `The token endpoint failed with HTTP ${response.status}.`, {
      ...details,
      hint: "The target application's authorization server had a problem; try again later.",
    });
  }
  if (response.status >= 400) {
    return new ConnectorError('AUTH_FAILED', `The token endpoint answered HTTP ${response.status} without an OAuth error code.`, {
      ...details,
      hint: 'Check the token URL and the client credentials.',
    });
  }
  return new ConnectorError(
    'BAD_RESPONSE',
    `The token endpoint answered HTTP ${response.status} without a usable access_token (a JSON object with a string access_token, RFC 6749 §5.1).`,
    {
      ...details,
      hint: 'Check that tokenUrl points at the OAuth 2.0 token endpoint .',
    },
  );
}
