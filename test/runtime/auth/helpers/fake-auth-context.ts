/**
 * An AuthContext for tests: records registered secrets and rotated refresh tokens, and has a
 * clock the test moves by hand.
 */
import type { AuthContext, StoredRefreshTokenHook, TokenEndpointResponse } from '../../../../src/runtime/auth/auth-provider.js';
import type { InputValues } from '../../../../src/connector.js';
import { undiciPostForm } from './undici-post-form.js';

export interface FakeAuthContext extends AuthContext {
  registered: string[];
  rotated: string[];
  posts: { url: string; form: Record<string, string>; headers: Record<string, string> }[];
  advance(ms: number): void;
}

export interface FakeAuthContextOptions {
  inputs: InputValues;
  baseUrl?: string;
  /** Scripted token endpoint; by default a real request with undici. */
  answer?: (form: URLSearchParams) => TokenEndpointResponse | Promise<TokenEndpointResponse>;
  onRefreshToken?: (token: string) => void | Promise<void>;
  withStoredRefreshToken?: StoredRefreshTokenHook;
}

export function createFakeAuthContext(options: FakeAuthContextOptions): FakeAuthContext {
  let clock = 1_000_000;
  const registered: string[] = [];
  const rotated: string[] = [];
  const posts: FakeAuthContext['posts'] = [];
  return {
    inputs: options.inputs,
    baseUrl: new URL(options.baseUrl ?? 'http://127.0.0.1:9/api/'),
    registered,
    rotated,
    posts,
    postForm: async (url, form, headers) => {
      posts.push({ url: url.toString(), form: Object.fromEntries(form), headers: { ...headers } });
      return options.answer === undefined ? undiciPostForm(url, form, headers) : options.answer(form);
    },
    onRefreshToken: async (token) => {
      rotated.push(token);
      await options.onRefreshToken?.(token);
    },
    ...(options.withStoredRefreshToken !== undefined && { withStoredRefreshToken: options.withStoredRefreshToken }),
    registerSecret: (value) => registered.push(value),
    now: () => clock,
    advance: (ms) => {
      clock += ms;
    },
  };
}

/** A fresh outgoing request to authorize. */
export function newRequest(url = 'http://127.0.0.1:9/api/users?limit=10'): { method: string; url: URL; headers: Record<string, string> } {
  return { method: 'GET', url: new URL(url), headers: { accept: 'application/json' } };
}

/** Runs an action expected to throw and returns the error. */
export async function captureError(action: () => unknown): Promise<Error & Record<string, unknown>> {
  try {
    await action();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected an error, got none');
}

/** Every text an error could show: message, hint, excerpt, toJSON, String(), stack. */
export function everythingShownBy(error: Error & Record<string, unknown>): string {
  const json = typeof error.toJSON === 'function' ? JSON.stringify((error.toJSON as () => unknown)()) : '';
  return [error.message, String(error), error.stack ?? '', json, String(error.hint), String(error.bodyExcerpt)].join('\n');
}
