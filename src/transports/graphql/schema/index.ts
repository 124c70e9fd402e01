import type { GraphQLSchema } from "graphql";
import { builder } from "../builder.js";
import "./scalars.js";
import "./agent.js";
import "./account.js";
import "./api-key.js";
import "./project.js";
import "./generation.js";
import "./kit.js";
import "./upload.js";
import "./credits.js";
import "./storage.js";
import "./usage.js";
import "./billing.js";

export const schema = assertEveryRootFieldHasARule(builder.toSchema());

/** Deny by default: a root field without an auth rule must not exist. */
function assertEveryRootFieldHasARule(built: GraphQLSchema): GraphQLSchema {
  for (const type of [built.getQueryType(), built.getMutationType(), built.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const options = field.extensions?.pothosOptions as { authScopes?: unknown } | undefined;
      if (!options?.authScopes) throw new Error(`${type!.name}.${field.name} has no auth rule (authScopes: rule(...))`);
    }
  }
  return built;
}
