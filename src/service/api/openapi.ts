/**
 * The OpenAPI 3.1 document, built from the routes as they are registered: their paths, their
 * JSON Schemas (params, querystring, body, responses) and their access. OpenAPI 3.1 schemas are
 * JSON Schema, so the route schemas go in unchanged; every operation but the public ones needs
 * the bearer token, and every error is a problem+json.
 */
import type { RouteOptions } from 'fastify';
import { problemSchema } from './schemas.js';
import { PROBLEM_CONTENT_TYPE } from '../http/problem.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: string | undefined;
  operationId: string | undefined;
  schema: Record<string, unknown> | undefined;
}

export function describeRoute(route: RouteOptions): RegisteredRoute[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((method) => ({
    method: method.toUpperCase(),
    url: route.url,
    access: route.config?.access,
    operationId: route.config?.operationId,
    schema: route.schema as Record<string, unknown> | undefined,
  }));
}

type Schema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

function parameters(where: 'path' | 'query', schema: unknown): unknown[] {
  const { properties = {}, required = [] } = (schema ?? {}) as Schema;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

function operation(route: RegisteredRoute): Record<string, unknown> {
  const schema = route.schema ?? {};
  const responses: Record<string, unknown> = {};
  for (const [status, body] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    responses[status] = { description: (body as { description?: string }).description ?? 'OK', content: { 'application/json': { schema: body } } };
  }
  responses.default = { description: 'An error (RFC 9457)', content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } } };
  return {
    operationId: route.operationId,
    summary: schema.summary,
    ...(schema.description ? { description: schema.description } : {}),
    tags: schema.tags,
    parameters: [...parameters('path', schema.params), ...parameters('query', schema.querystring)],
    ...(schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema.body } } } } : {}),
    responses,
    security: route.access === 'public' ? [] : [{ bearer: [] }],
    ...(route.access === 'admin' || route.access === 'reviewer' ? { 'x-required-role': route.access } : {}),
  };
}

export function buildOpenApi(routes: readonly RegisteredRoute[], info: { version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'lifecycle-connectors integration service',
      version: info.version,
      description: 'Integrations of a tenant in the setup order: choose the type, configure authentication (tested on save), enable actions.',
    },
    paths,
    components: {
      schemas: { Problem: problemSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A tenant API token (lcs_…); role admin configures, viewer reads.' } },
    },
  };
}
