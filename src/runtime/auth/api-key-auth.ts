/**
 * Custom API key in a header or a query parameter. The value is a template in which `{{ .Key }}`
 * (Go template spelling, any whitespace inside the braces) stands for the key, so the incident
 * platform's `Token token={{ .Key }}` sends `Authorization: Token token=<key>`.
 */
import type { ApiKeyAuth } from '../../../generated/spec-types.js';
import type { AuthContext, AuthProvider } from './auth-provider.js';
import { assertHeaderSafe, readRequiredInput, setHeader } from './credential-inputs.js';
import { ConnectorError } from '../errors.js';

const KEY_PLACEHOLDER = /\{\{\s*\.Key\s*\}\}/g;

/**
 * Replaces every placeholder with the key. The replacer is a function so `$&` or `$1` in a key is
 * inserted literally, and the template is scanned once so a `{{ .Key }}` inside the key stays text.
 */
export function renderKeyTemplate(template: string, key: string): string {
  return template.replace(KEY_PLACEHOLDER, () => key);
}

export function createApiKeyAuth(auth: ApiKeyAuth, context: AuthContext): AuthProvider {
  const inputName = auth.key ?? 'token';
  const template = auth.value ?? '{{ .Key }}';
  if (!new RegExp(KEY_PLACEHOLDER.source).test(template)) {
    throw new ConnectorError('CONFIG', `apiKey auth: the value template of \`${auth.name}\` has no {{ .Key }} placeholder, so the key would never be sent.`, {
      action: 'auth',
      hint: 'Write the value as e.g. `Token token={{ .Key }}`.',
    });
  }
  const key = readRequiredInput({ inputs: context.inputs, name: inputName, authType: 'apiKey' });
  if (auth.in === 'header') assertHeaderSafe(key, { name: inputName, authType: 'apiKey' });
  const value = renderKeyTemplate(template, key);
  context.registerSecret(key);
  // In a query string the key is printed encoded; register those spellings for redaction too.
  if (auth.in === 'query') {
    for (const encoded of [encodeURIComponent(key), new URLSearchParams([['', key]]).toString().slice(1)]) {
      if (encoded !== key) context.registerSecret(encoded);
    }
  }
  return {
    authorize: async (request) => {
      if (auth.in === 'header') setHeader(request.headers, auth.name, value);
      else request.url.searchParams.set(auth.name, value);
    },
    refreshAfterUnauthorized: async () => false,
  };
}
