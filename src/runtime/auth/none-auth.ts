/** No authentication: requests go out as they are. */
import type { AuthProvider } from './auth-provider.js';

export function createNoneAuth(): AuthProvider {
  return {
    authorize: async () => {},
    refreshAfterUnauthorized: async () => false,
  };
}
