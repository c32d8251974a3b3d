// Typed request parts for the /v1 routes: a route's request.params, query, body and headers get
// the types of the JSON Schemas it declares (its operation's input, service/operations/), through
// @fastify/type-provider-json-schema-to-ts, so no handler casts them. Only the request side: the
// responses keep Fastify's untyped reply, because the operations' results are TypeScript
// interfaces while the response schemas are open objects for the serialiser and the OpenAPI
// document (typing replies would make each result re-declare an index signature it does not need).
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';

/** The request type of schema S: what the package's provider reads from it. */
type Validated<S> = (JsonSchemaToTsProvider & { schema: S })['validator'];

export interface RequestTypeProvider extends FastifyTypeProvider {
  validator: Validated<this['schema']>;
  serializer: unknown;
}

/** The app with typed request parts, for one routes module. */
export function typedRoutes(app: FastifyInstance) {
  return app.withTypeProvider<RequestTypeProvider>();
}
