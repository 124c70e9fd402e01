import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { authorize, type AuthRule } from "../../domain/auth/viewer.js";
import type PrismaTypes from "../../generated/pothos-types.js";
import { getDatamodel } from "../../generated/pothos-types.js";
import type { GraphQLContext } from "./context.js";

/**
 * Every root field states its auth rule with `authScopes: rule({...})`; the same `authorize` as
 * REST decides (401 / 403 with the contract's codes). schema/index.ts refuses to build a schema
 * with a root field that has no rule: deny by default.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: true;
  AuthScopes: { rule: AuthRule };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    File: { Input: File; Output: never };
  };
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin],
  defaultFieldNullability: false,
  defaultInputFieldRequiredness: true,
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      rule: async (rule: AuthRule) => {
        if (rule.allow === "public") return true; // public fields never fail on credentials
        // Throws the contract's AppError when refused. Mutations are writes: by session they need a
        // trusted Origin (unknown operation: treated as a write).
        authorize(await ctx.viewer(), rule, { write: ctx.operation !== "query" && ctx.operation !== "subscription" });
        return true;
      },
    }),
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
});

export const rule = (r: AuthRule) => ({ rule: r });

/** The authenticated viewer of a field whose rule already passed. */
export async function viewerOf(ctx: GraphQLContext) {
  const viewer = await ctx.viewer();
  if (viewer.kind === "anonymous") throw new Error("viewerOf called on a public field");
  return viewer;
}
