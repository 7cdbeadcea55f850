/**
 * The capability probe (issue 23 point 4): the pure reading of its status, then the probe sent to a
 * fake target on a real socket: each answer's verdict, sent once (never retried), and a probe that
 * could not be answered (5xx, a reset connection, a status no rule reads) is `unknown`, never
 * `writeAllowed`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { readProbeAnswer } from '../../../src/runtime/actions/probe-capabilities.js';
import type { Probe, ProbeAnswer } from '../../../generated/spec-types.js';
import { makeConnector, noSleep, usersImport } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

const ANSWERS: ProbeAnswer[] = [
  { status: 403, means: 'readOnly', reason: 'the key is read-only' },
  { status: 400, means: 'writeAllowed' },
  { status: 422, means: 'writeAllowed' },
];

describe('readProbeAnswer', () => {
  it.each([
    { given: 403, want: { means: 'readOnly', reason: 'the key is read-only' } },
    { given: 400, want: { means: 'writeAllowed' } },
    { given: 422, want: { means: 'writeAllowed' } },
    { given: 201, want: { means: 'unknown' } },
    { given: 500, want: { means: 'unknown' } },
    { given: 401, want: { means: 'unknown' } },
  ])('status $given', ({ given, want }) => {
    expect(readProbeAnswer(ANSWERS, given)).toEqual(want);
  });
});

describe('probeCapabilities against a fake target', () => {
  let server: HandlerServer;
  beforeAll(async () => {
    server = await serveHandlers();
  });
  afterEach(() => server.reset());
  afterAll(() => server.close());

  const probe: Probe = { method: 'POST', path: '/users', body: '{}', answers: ANSWERS as Probe['answers'] };
  const clientFor = (withProbe = true) =>
    connect(
      makeConnector({
        auth: { type: 'bearer', token: 'token' },
        inputs: { token: { label: 'Token', secret: true, required: true } },
        ...(withProbe ? { probe } : {}),
        actions: { importUsers: usersImport, createUser: { method: 'POST', path: '/users', body: '{"email": {{user.email}}}' } },
      }),
      { token: 'probe-secret-token-71c2' },
      { egress: ALLOW_LOOPBACK, baseUrl: `${server.origin}/api`, sleep: noSleep },
    );

  const cases: Array<{ name: string; answer: () => Response; want: Record<string, unknown> }> = [
    {
      name: '403: read-only, with the rule’s reason',
      answer: () => HttpResponse.json({ error: 'read-only' }, { status: 403 }),
      want: { writes: 'readOnly', status: 403, reason: 'the key is read-only' },
    },
    {
      name: '400 for the body: writes allowed',
      answer: () => HttpResponse.json({ error: 'invalid' }, { status: 400 }),
      want: { writes: 'writeAllowed', status: 400 },
    },
    { name: '503: unknown', answer: () => HttpResponse.json({}, { status: 503 }), want: { writes: 'unknown', status: 503 } },
    { name: '201 (a status no rule reads): unknown', answer: () => HttpResponse.json({}, { status: 201 }), want: { writes: 'unknown', status: 201 } },
    { name: 'a reset connection: unknown, with the failure code', answer: () => HttpResponse.error(), want: { writes: 'unknown', failureCode: 'NETWORK' } },
  ];

  it.each(cases)('$name', async ({ answer, want }) => {
    server.use(http.post('*/api/users', () => answer()));
    const client = clientFor();
    try {
      const result = await client.probeCapabilities();
      expect(result).toMatchObject({ ...want, request: { method: 'POST' } });
      // Sent once, never again: a lost answer is not retried.
      expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/users']);
      expect(server.requests[0]?.body).toBe('{}');
      expect(server.requests[0]?.headers.authorization).toBe('Bearer probe-secret-token-71c2');
      expect(JSON.stringify(result)).not.toContain('probe-secret-token-71c2');
    } finally {
      await client.close();
    }
  });

  it('a spec without a probe answers undefined and sends nothing', async () => {
    const client = clientFor(false);
    try {
      expect(await client.probeCapabilities()).toBeUndefined();
      expect(server.requests).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
