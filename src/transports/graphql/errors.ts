import { GraphQLError } from "graphql";
import { isErrorCode } from "../../contract/errors.js";
import { classify, errorObject } from "../../contract/render.js";
import type { Logger } from "../../infra/logger.js";

/**
 * Every GraphQL error leaves with a code of the closed set in `extensions.code`, the request id,
 * and `param` / `retryable` / `details` where they apply: errors thrown by resolvers go through the
 * one renderer (contract/render.ts); GraphQL's own errors (syntax, validation, variables, whatever
 * code graphql-js or Yoga gave them, e.g. GRAPHQL_VALIDATION_FAILED) are bad requests.
 */
export function maskGraphQLError(error: unknown, logger: Logger, requestId?: string): GraphQLError {
  const graphqlError = error instanceof GraphQLError ? error : undefined;
  const original = graphqlError ? graphqlError.originalError : error;
  const where = graphqlError ? { nodes: graphqlError.nodes, path: graphqlError.path, source: graphqlError.source, positions: graphqlError.positions } : {};
  // GraphQL's own refusals carry no original error, or one of GraphQL's own: a variable that failed coercion
  // (`Variable "$n" got invalid value "abc"; Int cannot represent…`) wraps the scalar's GraphQLError, or a
  // GraphQLError around whatever the scalar threw. Those are the caller's mistakes, answered as bad requests.
  const ownRefusal = graphqlError !== undefined && (!original || (original instanceof GraphQLError && !graphqlError.path));
  if (graphqlError && ownRefusal) {
    // Yoga's `originalError` (a broken JSON body's parser error) keeps its name only: its message is
    // worded by the fetch implementation (whatwg-node's repeats the whole body). Yoga still reads it
    // for the status (400).
    const extensions: Record<string, unknown> = { ...graphqlError.extensions };
    const originalError = extensions.originalError as { name?: unknown } | undefined;
    if (originalError) extensions.originalError = { name: originalError.name };
    const given = extensions.code;
    const code = isErrorCode(given) ? given : "invalid_request";
    const param = extensions.param ?? variableParam(graphqlError.message);
    // `http` (Yoga's status for the answer) stays: Yoga reads it and leaves it out of the body.
    return new GraphQLError(graphqlError.message, {
      ...where,
      extensions: { ...extensions, code, ...(param ? { param } : {}), retryable: false, ...(requestId ? { requestId } : {}) },
    });
  }
  const app = classify(original ?? error, logger.child(requestId ? { requestId } : {}));
  const { requestId: _, code, message, ...rest } = errorObject(app, requestId ?? "");
  return new GraphQLError(message, { ...where, extensions: { code, ...rest, ...(requestId ? { requestId } : {}) } });
}

/** The variable (and the field inside it) a coercion error names: `Variable "$input" got invalid value 5 at "input.prompt"` → `input.prompt`. */
function variableParam(message: string): string | undefined {
  const variable = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/.exec(message);
  if (!variable) return undefined;
  const at = / at "([^"]+)"/.exec(message);
  return at ? at[1] : variable[1];
}
