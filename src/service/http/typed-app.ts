/**
 * The Fastify instance routes are declared on, with a type provider (Fastify's
 * docs/Reference/Type-Providers.md) that reads each route's `as const` JSON Schemas with
 * json-schema-to-ts: `request.body`, `params` and `query` have the types of the schemas that
 * validated them, so no handler casts its input. Replies are not typed from the response schemas:
 * those describe open objects, whose index signatures the service's interfaces do not have; the
 * response schemas still serialise every answer and describe it in the OpenAPI document.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

export interface SchemaInputProvider extends FastifyTypeProvider {
  validator: this['schema'] extends JSONSchema ? FromSchema<this['schema']> : unknown;
  serializer: unknown;
}

export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  SchemaInputProvider
>;

export function typed(app: FastifyInstance): TypedApp {
  return app.withTypeProvider<SchemaInputProvider>();
}
