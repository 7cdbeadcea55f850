/**
 * The HTTP API on an open service (embedded or PostgreSQL): requests through `fastify.inject`,
 * every access-log entry kept so tests can grep them, and tenants with an admin and a viewer token.
 */
import { afterAll, beforeAll } from 'vitest';
import { buildHttpApp, type AccessLogEntry, type HttpApp } from '../../../src/service/http/build-app.js';
import type { Plan, Tenant } from '../../../src/service/index.js';
import type { ServiceOptions } from '../../../src/service/index.js';
import { useService, type ServiceFixture, type StorageSetup } from '../helpers/service-fixture.js';

export interface TenantTokens {
  tenant: Tenant;
  admin: string;
  viewer: string;
}

export interface Answer {
  status: number;
  contentType: string;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
  text: string;
}

export interface ApiFixture extends ServiceFixture {
  api: HttpApp;
  logs: AccessLogEntry[];
  /** Every answer body received, for the canary checks. */
  answers: string[];
  tenantWithTokens(plan: Plan, name?: string): Promise<TenantTokens>;
  call(token: string | undefined, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
}

export function useApi(storage: StorageSetup, extra: Partial<ServiceOptions> = {}): ApiFixture {
  const fixture = useService(storage, extra) as ApiFixture;
  fixture.logs = [];
  fixture.answers = [];
  beforeAll(async () => {
    fixture.api = await buildHttpApp({ service: fixture.service, log: (entry) => fixture.logs.push(entry) });
  });
  afterAll(async () => {
    await fixture.api?.app.close();
  });
  fixture.tenantWithTokens = async (plan, name = `Tenant ${plan}`) => {
    const tenant = await fixture.service.tenants.create({ name, plan, actor: 'operator' });
    const admin = await fixture.service.tokens.create({ tenantId: tenant.id, role: 'admin', actor: 'operator' });
    const viewer = await fixture.service.tokens.create({ tenantId: tenant.id, role: 'viewer', actor: 'operator' });
    return { tenant, admin: admin.token, viewer: viewer.token };
  };
  fixture.call = async (token, method, url, body, headers = {}) => {
    const response = await fixture.api.app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    fixture.answers.push(response.body);
    const contentType = String(response.headers['content-type'] ?? '');
    return {
      status: response.statusCode,
      contentType,
      headers: response.headers,
      text: response.body,
      body: contentType.includes('json') ? JSON.parse(response.body) : response.body,
    };
  };
  return fixture;
}
