/**
 * Reading a Swagger 2.0 description (GitLab's openapi_v2.yaml): each kind of parameter converted
 * to OpenAPI 3's form, and a Swagger 2.0 fixture judging requests like any other.
 */
import { describe, expect, it } from 'vitest';
import { checkRequest, type SentRequest } from './check-request.js';
import { compileContract, type ContractFixture } from './load-contract.js';
import { fromSwagger2, type Swagger2Operation } from './swagger2.js';

describe('fromSwagger2', () => {
  it.each<{ name: string; given: Swagger2Operation; consumes?: string[]; want: unknown }>([
    {
      name: 'query and path parameters take their schema keywords into a schema',
      given: {
        operationId: 'list',
        method: 'GET',
        path: '/things/{id}',
        parameters: [
          { in: 'path', name: 'id', type: 'integer', format: 'int32', required: true, description: 'dropped' },
          { in: 'query', name: 'per_page', type: 'integer', default: 20, minimum: 1, maximum: 100, example: 20, required: false },
          { in: 'query', name: 'ids', type: 'array', items: { type: 'integer' } },
        ],
      },
      want: {
        operationId: 'list',
        method: 'GET',
        path: '/things/{id}',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int32' } },
          { name: 'per_page', in: 'query', schema: { type: 'integer', default: 20, minimum: 1, maximum: 100 } },
          { name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
        ],
      },
    },
    {
      name: 'the body parameter is the request body, in each media type the operation consumes',
      given: {
        operationId: 'create',
        method: 'POST',
        path: '/things',
        consumes: ['application/json', 'text/plain'],
        parameters: [{ name: 'create', in: 'body', required: true, schema: { $ref: '#/definitions/create' } }],
      },
      want: {
        operationId: 'create',
        method: 'POST',
        path: '/things',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/definitions/create' } }, 'text/plain': { schema: { $ref: '#/definitions/create' } } },
        },
      },
    },
    {
      name: 'without consumes of its own, the description’s',
      given: { operationId: 'c', method: 'POST', path: '/c', parameters: [{ name: 'b', in: 'body', schema: { type: 'object' } }] },
      consumes: ['application/vnd.example+json'],
      want: {
        operationId: 'c',
        method: 'POST',
        path: '/c',
        requestBody: { required: false, content: { 'application/vnd.example+json': { schema: { type: 'object' } } } },
      },
    },
    {
      name: 'formData parameters are one object (a file any value), form-encoded by default',
      given: {
        operationId: 'upload',
        method: 'PUT',
        path: '/appearance',
        parameters: [
          { in: 'formData', name: 'title', type: 'string', required: true },
          { in: 'formData', name: 'logo', type: 'file' },
        ],
      },
      want: {
        operationId: 'upload',
        method: 'PUT',
        path: '/appearance',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { title: { type: 'string' }, logo: {} }, required: ['title'] } },
          },
        },
      },
    },
  ])('$name', ({ given, consumes, want }) => {
    expect(fromSwagger2(given, consumes)).toEqual(want);
  });

  it('refuses an operation with both a body and form parameters', () => {
    expect(() =>
      fromSwagger2({
        operationId: 'both',
        method: 'POST',
        path: '/x',
        parameters: [
          { in: 'body', name: 'b', schema: {} },
          { in: 'formData', name: 'f', type: 'string' },
        ],
      }),
    ).toThrow(/both: .*not both/u);
  });
});

describe('a Swagger 2.0 fixture', () => {
  const fixture = {
    vendor: 'Example (Swagger 2.0)',
    source: {},
    dialect: 'swagger-2.0',
    authorization: { header: 'private-token', pattern: '^\\S+$' },
    operations: [
      {
        operationId: 'postThings',
        method: 'POST',
        path: '/api/v4/things',
        consumes: ['application/json'],
        parameters: [{ name: 'postThings', in: 'body', required: true, schema: { $ref: '#/definitions/postThings' } }],
      },
      {
        operationId: 'getThings',
        method: 'GET',
        path: '/api/v4/things',
        parameters: [{ in: 'query', name: 'per_page', type: 'integer', maximum: 100 }],
      },
    ],
    definitions: {
      postThings: {
        type: 'object',
        properties: { url: { type: 'string' }, icon: { type: 'file' }, nested: { type: 'object', properties: { key: { type: 'string' } } } },
        required: ['url'],
      },
    },
  } as unknown as ContractFixture;
  const contract = compileContract(fixture);
  const send = (request: Partial<SentRequest>) =>
    checkRequest(contract, {
      method: 'POST',
      url: '/api/v4/things',
      headers: { 'private-token': 'glpat-x', 'content-type': 'application/json' },
      body: '',
      ...request,
    });

  it.each<{ name: string; given: Partial<SentRequest>; want: string[] }>([
    { name: 'a body as described, its $ref resolved in definitions', given: { body: JSON.stringify({ url: 'https://h.test', icon: 'x' }) }, want: [] },
    { name: 'a body without a required property', given: { body: '{}' }, want: ["body: must have required property 'url'"] },
    {
      name: 'an undeclared property, at the top and one level down',
      given: { body: JSON.stringify({ url: 'u', urll: 1, nested: { kee: 'v' } }) },
      want: ['body: property "urll" is not declared by the vendor', 'body/nested: property "kee" is not declared by the vendor'],
    },
    { name: 'no body where one is required', given: {}, want: ['postThings requires a body'] },
    { name: 'a query parameter within its maximum', given: { method: 'GET', url: '/api/v4/things?per_page=100' }, want: [] },
    {
      name: 'a query parameter over its maximum',
      given: { method: 'GET', url: '/api/v4/things?per_page=101' },
      want: ['query parameter "per_page": must be <= 100'],
    },
    { name: 'no token header', given: { method: 'GET', url: '/api/v4/things', headers: {} }, want: ['header private-token is missing'] },
  ])('$name', ({ given, want }) => {
    expect(send(given).violations).toEqual(want);
  });

  it('an unknown dialect is refused by name', () => {
    expect(() => compileContract({ ...fixture, dialect: 'raml' as 'swagger-2.0' })).toThrow(/dialect raml is not known/u);
  });
});
