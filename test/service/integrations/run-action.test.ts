/** The read-only signature and which actions are writes (pure functions of run-action.ts). */
import { describe, expect, it } from 'vitest';
import { connectors } from '../../../generated/index.js';
import { compileSpecText } from '../../../src/compiler/index.js';
import { ConnectorError } from '../../../src/runtime/errors.js';
import { isReadOnlyRefusal, writeActionsOf } from '../../../src/service/integrations/run-action.js';
import { BYO_SPEC } from './byo-specs.js';

describe('isReadOnlyRefusal', () => {
  it.each([
    {
      given: 'the incident platform’s read-only 403',
      error: new ConnectorError('FORBIDDEN', 'createUser: The API key may not create users.', {
        status: 403,
        bodyExcerpt: '{"error":{"code":2010,"message":"Access Denied","errors":["This API key is read-only and cannot make changes."]}}',
      }),
      want: true,
    },
    {
      given: 'a 403 for a missing permission',
      error: new ConnectorError('FORBIDDEN', 'createUser: forbidden', { status: 403, bodyExcerpt: '{"error":"insufficient scope"}' }),
      want: false,
    },
    { given: 'a 401 saying read-only', error: new ConnectorError('AUTH_FAILED', 'read-only', { status: 401 }), want: false },
    { given: 'a 402', error: new ConnectorError('PAYMENT_REQUIRED', 'x', { status: 402, bodyExcerpt: 'Payment Required' }), want: false },
    { given: 'not a connector error', error: new Error('read-only 403'), want: false },
  ])('$given: $want', ({ error, want }) => {
    expect(isReadOnlyRefusal(error)).toBe(want);
  });
});

describe('writeActionsOf', () => {
  it('lists the standard writes and the custom actions not sent with GET', async () => {
    expect(writeActionsOf(connectors['incident-platform']!.spec)).toEqual(['createUser', 'deleteUser']);
    expect(writeActionsOf((await compileSpecText({ text: BYO_SPEC, file: 'byo.yaml' })).spec)).toEqual(['deleteUser', 'orderAsset']);
    const readOnlyCustom = BYO_SPEC.replace('method: POST\n      path: /orders', 'method: GET\n      path: /orders');
    expect(writeActionsOf((await compileSpecText({ text: readOnlyCustom, file: 'byo.yaml' })).spec)).toEqual(['deleteUser']);
  });
});
