import { createHandler } from "graphql-sse/lib/use/fetch";
import type { GraphQLContext } from "./context.js";
import { validateWithArmour } from "./armour.js";
import { maskGraphQLError } from "./errors.js";
import { schema } from "./schema/index.js";
import { contextFor, type GraphQLDeps } from "./yoga.js";

/**
 * The graphql-sse protocol at /graphql/stream, over the same schema and context as /graphql.
 * graphql-sse executes outside Yoga, so its results get the same error masking here.
 */
export function createGraphQLSseHandler(deps: GraphQLDeps): (request: Request) => Promise<Response> {
  return createHandler<GraphQLContext>({
    schema,
    context: (req) => contextFor(req.raw, deps),
    validate: validateWithArmour,
    onNext: (ctx, _req, result) => {
      if (!result.errors?.length) return;
      return { ...result, errors: result.errors.map((error) => maskGraphQLError(error, ctx.logger, ctx.requestId)) };
    },
  });
}
