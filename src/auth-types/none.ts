/** No authentication: no inputs, nothing on the request. */
import type { AuthDescriptor } from './auth-descriptor.js';

export function describeNoneAuth(): AuthDescriptor<never, never> {
  return {
    type: 'none',
    label: 'none',
    inputs: [],
    credential: { in: 'none' },
    redaction: { queryEncodings: false, basicPair: 'none', obtainedTokens: false },
  };
}
