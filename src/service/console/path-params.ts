/**
 * The path parameters of a console route as its `schema.params`, so the type provider types
 * `request.params` from the route's own declaration (Fastify gives every matched parameter as text).
 */
export function pathParams<const Names extends readonly string[]>(...names: Names) {
  const properties = Object.fromEntries(names.map((name) => [name, { type: 'string' }])) as { [Name in Names[number]]: { type: 'string' } };
  return { type: 'object', required: names, properties } as const;
}
