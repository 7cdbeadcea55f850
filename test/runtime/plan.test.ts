/** The runtime reads defaults from the plan lower.ts made; it never fills them in a second time. */
import { expect, it } from 'vitest';
import { connect } from '../../src/runtime/connect.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

it('a connector that did not go through the compiler is a CONFIG error naming the missing default', async () => {
  const raw: CompiledConnector = {
    source: 'inline.yaml',
    spec: {
      specVersion: 1,
      id: 'raw',
      name: 'Raw',
      type: 'custom',
      auth: { type: 'none' },
      actions: {
        importUsers: {
          method: 'GET',
          idempotent: true,
          path: '/users',
          records: '.',
          mapping: { id: '.id', email: '.email', name: '.name' },
          pagination: { type: 'offset', limit: 10 },
        },
      },
    },
  };
  const client = connect(raw, {}, { egress: ALLOW_LOOPBACK, baseUrl: 'http://127.0.0.1:9' });
  await expect(client.importUsers().collect()).rejects.toMatchObject({ code: 'CONFIG', message: expect.stringContaining('pagination.offsetParam') });
  await client.close();
});
