/**
 * `/openapi.json`: an OpenAPI 3.1 document built from the route schemas, one operation per registered
 * route, valid against the OpenAPI Initiative's own 3.1 schema (test/fixtures/openapi/, with its
 * source), with every schema in it a valid JSON Schema 2020-12 and every answer body described.
 * Shared by the embedded run and test/postgres/.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, it } from 'vitest';
import type { ApiFixture } from './api-fixture.js';

/**
 * Ajv resolves `$dynamicRef` only to a `$dynamicAnchor` at a schema's root; this schema's one anchor,
 * `meta`, is at `#/$defs/schema`, and nothing extends it here, so `#meta` is that definition: the same
 * reference made static.
 */
const OAS_31_SCHEMA = JSON.parse(
  readFileSync(new URL('../../fixtures/openapi/oas-3.1-schema-2022-10-07.json', import.meta.url), 'utf8').replaceAll(
    '"$dynamicRef": "#meta"',
    '"$ref": "#/$defs/schema"',
  ),
) as Record<string, unknown>;

/** The meta-schema's formats (uri, media-range, ...) are not checked: the document has no URLs but its own paths. */
function oasValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  return ajv.compile(OAS_31_SCHEMA);
}

type Operation = {
  operationId: string;
  security: unknown[];
  parameters: { name: string; in: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

function operationsOf(document: { paths: Record<string, Record<string, Operation>> }): { key: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

export function describeOpenApi(fixture: ApiFixture): void {
  it('is served without a token, valid against the OpenAPI 3.1 schema, one operation per route with its security', async () => {
    const answer = await fixture.call(undefined, 'GET', '/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body;
    const validate = oasValidator();
    expect(validate(document), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);

    const operations = operationsOf(document);
    expect(operations.map((item) => item.key).sort()).toEqual(
      fixture.api.routes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`).sort(),
    );
    expect(new Set(operations.map((item) => item.operation.operationId)).size).toBe(operations.length);
    for (const { key, operation } of operations) expect(operation.security, key).toEqual(key === 'GET /openapi.json' ? [] : [{ bearer: [] }]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('holds only valid JSON Schemas, describes the body of every answer, and refers each error to the Problem schema', async () => {
    const document = (await fixture.call(undefined, 'GET', '/openapi.json')).body;
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(document, 'openapi.json');
    for (const { key, operation } of operationsOf(document)) {
      const schemas = [
        ...operation.parameters.map((parameter) => parameter.schema),
        ...Object.values(operation.requestBody?.content ?? {}).map((media) => media.schema),
        ...Object.values(operation.responses).flatMap((response) => Object.values(response.content ?? {}).map((media) => media.schema)),
      ];
      for (const schema of schemas)
        expect(() => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'))), key).not.toThrow();
      if (key === 'GET /openapi.json') continue;
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, `${key} describes its answer`).toBeGreaterThan(0);
      for (const [status, response] of success) expect(response.content?.['application/json']?.schema, `${key} ${status}`).toMatchObject({ type: 'object' });
      expect(operation.responses.default?.content?.['application/problem+json']?.schema, key).toEqual({ $ref: '#/components/schemas/Problem' });
    }
  });

  it('lets a request its schemas accept through and refuses one they refuse, as the API does', async () => {
    const document = (await fixture.call(undefined, 'GET', '/openapi.json')).body;
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const create = ajv.compile(document.paths['/v1/integrations'].post.requestBody.content['application/json'].schema);
    const { admin } = await fixture.tenantWithTokens('standard', 'OpenAPI tenant');
    for (const body of [
      { type: 'scim', scimBaseUrl: 'http://127.0.0.1:9/scim/v2' },
      { type: 'scim' },
      { type: 'prebuilt', connector: 'incident-platform', extra: 1 },
    ]) {
      const answer = await fixture.call(admin, 'POST', '/v1/integrations', body);
      expect(create(body), JSON.stringify(body)).toBe(answer.status === 201);
    }
  });

  it('the OpenAPI 3.1 schema refuses a broken document (the check above is not vacuous)', () => {
    const validate = oasValidator();
    expect(validate({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/x': { get: { parameters: [{ name: 'a' }], responses: {} } } } })).toBe(
      false,
    );
    expect(validate({ openapi: '3.1.0', info: { title: 't' }, paths: {} })).toBe(false);
  });
}
