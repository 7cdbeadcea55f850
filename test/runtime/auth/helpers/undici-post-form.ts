/**
 * A postForm for tests, on undici like the runtime's: sends the form, parses a JSON answer, keeps
 * anything else as text (the AuthContext contract).
 */
import { request } from 'undici';
import type { AuthContext, TokenEndpointResponse } from '../../../../src/runtime/auth/auth-provider.js';

export const undiciPostForm: AuthContext['postForm'] = async (url, form, headers): Promise<TokenEndpointResponse> => {
  const response = await request(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const text = await response.body.text();
  const flatHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) flatHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  let body: unknown = text;
  if ((flatHeaders['content-type'] ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.statusCode, headers: flatHeaders, body };
};
