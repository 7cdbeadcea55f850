/** `/openapi.json`: an OpenAPI 3.1 document built from the route schemas, one operation per registered route. Shared by the embedded run and test/postgres/. */
import { expect, it } from 'vitest';
import { createIntegrationBody, configureAuthBody } from '../../../src/service/api/schemas.js';
import type { ApiFixture } from './api-fixture.js';

export function describeOpenApi(fixture: ApiFixture): void {
  it('is served without a token and describes every route with its schemas and security', async () => {
    const answer = await fixture.call(undefined, 'GET', '/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body;
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, { operationId: string; security: unknown[] }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.map((item) => item.key).sort()).toEqual(fixture.api.routes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`).sort());
    expect(new Set(operations.map((item) => item.operation.operationId)).size).toBe(operations.length);
    for (const { key, operation } of operations) expect(operation.security, key).toEqual(key === 'GET /openapi.json' ? [] : [{ bearer: [] }]);

    const create = document.paths['/v1/integrations'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual(JSON.parse(JSON.stringify(createIntegrationBody)));
    expect(create.responses.default.content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    expect(document.paths['/v1/integrations/{integrationId}/auth'].put.requestBody.content['application/json'].schema).toEqual(JSON.parse(JSON.stringify(configureAuthBody)));
    expect(document.paths['/v1/integrations'].get.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)).toEqual(['query:limit', 'query:cursor']);
    expect(document.paths['/v1/integrations/{integrationId}/generate-config/apply'].post.requestBody.content['application/json'].schema.required).toEqual(['records', 'mapping']);
    expect(document.paths['/v1/integrations/{integrationId}/actions/{action}/config'].put.requestBody.content['application/json'].schema.title).toBe('ActionConfigChange');
    expect(document.paths['/v1/tokens/{tokenId}'].delete.requestBody).toBeUndefined();
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
}
