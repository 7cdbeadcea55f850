/**
 * Custom API key in a header or a query parameter. The value is a template in which `{{ .Key }}`
 * (Go template spelling, any whitespace inside the braces) stands for the key, so the incident
 * platform's `Token token={{ .Key }}` sends `Authorization: Token token=<key>`. The input, where it
 * goes and how it is redacted come from the type's descriptor (src/auth-types/api-key.ts).
 */
import { AUTH_DEFAULTS, type ApiKeyAuth } from '../../../generated/spec-types.js';
import { API_KEY_PLACEHOLDER, describeApiKeyAuth } from '../../auth-types/index.js';
import type { AuthContext, AuthProvider } from './auth-provider.js';
import { assertHeaderSafe, readAuthInputs, registerInputSecrets, setHeader } from './credential-inputs.js';
import { ConnectorError } from '../errors.js';

/**
 * Replaces every placeholder with the key. The replacer is a function so `$&` or `$1` in a key is
 * inserted literally, and the template is scanned once so a `{{ .Key }}` inside the key stays text.
 */
export function renderKeyTemplate(template: string, key: string): string {
  return template.replace(new RegExp(API_KEY_PLACEHOLDER.source, 'gu'), () => key);
}

export function createApiKeyAuth(auth: ApiKeyAuth, context: AuthContext): AuthProvider {
  const descriptor = describeApiKeyAuth(auth);
  const template = auth.value ?? AUTH_DEFAULTS.apiKey.value;
  if (!API_KEY_PLACEHOLDER.test(template)) {
    throw new ConnectorError('CONFIG', `apiKey auth: the value template of \`${auth.name}\` has no {{ .Key }} placeholder, so the key would never be sent.`, {
      action: 'auth',
      hint: 'Write the value as e.g. `Token token={{ .Key }}`.',
    });
  }
  const values = readAuthInputs(descriptor, context.inputs);
  // Every input is required (the descriptor says so), so readAuthInputs has thrown for a missing one.
  const inputValue = (role: string): string => values[role as 'key'];
  for (const input of descriptor.inputs) {
    if (input.sentIn === 'header') assertHeaderSafe(inputValue(input.role), { name: input.name, authType: descriptor.label });
  }
  const value = renderKeyTemplate(template, values.key);
  registerInputSecrets({ descriptor, values, registerSecret: (secret) => context.registerSecret(secret) });
  const { credential } = descriptor;
  // Additional keys go as they are, each in its own header.
  const additional = descriptor.inputs.flatMap((input) =>
    input.role.startsWith('header:') ? [[input.role.slice('header:'.length), inputValue(input.role)] as const] : [],
  );
  return {
    authorize: async (request) => {
      if (credential.in === 'header') setHeader(request.headers, credential.name, value);
      else if (credential.in === 'query') request.url.searchParams.set(credential.name, value);
      for (const [header, key] of additional) setHeader(request.headers, header, key);
    },
    refreshAfterUnauthorized: async () => false,
  };
}
