import { createHandler } from "graphql-sse/lib/use/fetch";
import type { GraphQLContext } from "./context.js";
import { schema } from "./schema/index.js";
import { contextFor, type GraphQLDeps } from "./yoga.js";

/** The graphql-sse protocol at /graphql/stream, over the same schema and context as /graphql. */
export function createGraphQLSseHandler(deps: GraphQLDeps): (request: Request) => Promise<Response> {
  return createHandler<GraphQLContext>({
    schema,
    context: (req) => contextFor(req.raw, deps),
  });
}
