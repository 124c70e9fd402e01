import { GraphQLError } from "graphql";
import { AppError, errorStatus } from "../../domain/errors.js";
import type { Logger } from "../../infra/logger.js";

/**
 * Every GraphQL error leaves with a contract code in `extensions.code`. AppErrors keep their
 * code and message; other errors thrown by resolvers are logged and masked as internal_error;
 * GraphQL's own errors (syntax, validation, variables) become invalid_request.
 */
export function maskGraphQLError(error: unknown, logger: Logger, requestId?: string): GraphQLError {
  const graphqlError = error instanceof GraphQLError ? error : undefined;
  const original = graphqlError ? graphqlError.originalError : error;
  const where = graphqlError ? { nodes: graphqlError.nodes, path: graphqlError.path, source: graphqlError.source, positions: graphqlError.positions } : {};
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      ...where,
      extensions: {
        code: original.code,
        ...(original.param === undefined ? {} : { param: original.param }),
        retryable: original.retryable,
        ...(original.details === undefined ? {} : { details: original.details }),
        ...(requestId ? { requestId } : {}),
      },
    });
  }
  if (graphqlError && !original) {
    // Yoga's and graphql-js's own codes (GRAPHQL_PARSE_FAILED…) are not ours: those are bad requests.
    const given = graphqlError.extensions?.code;
    const code = typeof given === "string" && given in errorStatus ? given : "invalid_request";
    return new GraphQLError(graphqlError.message, { ...where, extensions: { ...graphqlError.extensions, code } });
  }
  logger.error("unhandled GraphQL error", { error: original ?? error, requestId });
  return new GraphQLError("Something went wrong on our side. Retry later, quoting the request id.", {
    ...where,
    extensions: { code: "internal_error", retryable: true, ...(requestId ? { requestId } : {}) },
  });
}
