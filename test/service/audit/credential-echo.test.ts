/**
 * A target that answers a failed authentication with the credential it received, encoded (issue
 * 27, finding 5): base64 (standard and URL-safe, of the header and of the key alone), hex,
 * URL-encoding and JSON escapes. None of these spellings reaches the answer of configureAuth or
 * the audit log, for an API key in a header and for Basic auth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { BYO_SPEC } from '../integrations/byo-specs.js';

const fixture = useService(embeddedStorage('credential-echo'));
const KEY = 'k3y/echo+Canary?value';
const PASSWORD = 'pa55/echo+Canary';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** Every encoding the target echoes `header` (and `secret` alone) in. */
function echoes(header: string, secret: string): Record<string, string> {
  return {
    base64: b64(header),
    base64url: b64url(header),
    secretBase64: b64(secret),
    secretBase64Url: b64url(secret),
    hex: hex(header),
    hexUpper: hex(secret).toUpperCase(),
    url: encodeURIComponent(header),
    json: JSON.stringify(header).replaceAll('/', '\\/'),
    unicode: [...secret].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  };
}

/** The spellings that must never be found in text handed out (the secret part of each echo). */
function leaks(text: string, secret: string): string[] {
  const found: string[] = [];
  for (const offset of [0, 1, 2]) {
    // Any 12 consecutive base64 characters of the secret at this alignment would be a leak.
    const fragment = Buffer.concat([Buffer.alloc(offset), Buffer.from(secret)])
      .toString('base64')
      .slice(4, 16);
    if (text.includes(fragment)) found.push(`base64@${offset}`);
    if (text.includes(fragment.replaceAll('+', '-').replaceAll('/', '_'))) found.push(`base64url@${offset}`);
  }
  for (const [name, spelling] of Object.entries({ raw: secret, hex: hex(secret), url: encodeURIComponent(secret) })) {
    if (text.toLowerCase().includes(spelling.toLowerCase())) found.push(name);
  }
  return found;
}

const BASIC_SPEC = BYO_SPEC.replace(/auth:\n(?: {2}.*\n)+/u, 'auth:\n  type: basic\n').replace(
  '  token: {label: API key, secret: true, required: true}',
  '  username: {label: User, required: true}\n  password: {label: Password, secret: true, required: true}',
);

let target: HandlerServer;
beforeAll(async () => {
  target = await serveHandlers(
    http.get('*/users', ({ request }) => {
      const header = request.headers.get('authorization') ?? '';
      const secret = header.startsWith('Basic ') ? PASSWORD : KEY;
      const encoded = echoes(header, secret);
      return HttpResponse.json(
        { error: 'unauthorized', received: encoded, message: `you sent ${Object.values(encoded).join(' ')}` },
        { status: 401, headers: { 'x-received': encoded.base64 ?? '' } },
      );
    }),
  );
});
afterAll(() => target.close());

describe('credentials echoed in other encodings', () => {
  it.each<{ name: string; spec: string; inputs: Record<string, string>; secret: string }>([
    { name: 'API key header', spec: BYO_SPEC, inputs: { token: KEY }, secret: KEY },
    { name: 'Basic auth', spec: BASIC_SPEC, inputs: { username: 'svc-user', password: PASSWORD }, secret: PASSWORD },
  ])('$name: not in the auth test answer nor the audit log', async ({ spec, inputs, secret }) => {
    expect(spec).toContain('type: ');
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'Echo', plan: 'standard', actor: 'ops' });
    const integration = await service.integrations.create({ tenantId: tenant.id, actor: 'ops', type: 'build-your-own', spec, baseUrl: target.origin });
    const outcome = await service.integrations.configureAuth({
      tenantId: tenant.id,
      integrationId: integration.id,
      actor: 'ops',
      inputs: { baseUrl: target.origin, ...inputs },
    });
    expect(outcome).toMatchObject({ ok: false });
    const audit = await service.audit.list({ tenantId: tenant.id, integrationId: integration.id });
    const failed = JSON.stringify(audit).includes('integration.auth_test_failed');
    expect(failed).toBe(true);
    // The target's echo did reach us (so the check below is not vacuous), with the secret masked.
    expect(JSON.stringify(outcome)).toContain('received');
    expect(leaks(JSON.stringify(outcome), secret)).toEqual([]);
    expect(leaks(JSON.stringify(audit), secret)).toEqual([]);
  });
});
