import { blockFieldSuggestionsPlugin } from "@escape.tech/graphql-armor-block-field-suggestions";
import { costLimitPlugin, costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin, maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin, maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { specifiedRules, validate, type DocumentNode, type GraphQLSchema } from "graphql";

/**
 * Limits on what one GraphQL document may ask for, the same on /graphql (Yoga) and on
 * /graphql/stream (graphql-sse). Our deepest legitimate query (viewer → account → ledger → nodes →
 * fields) is 5 levels; 10 leaves room for clients. Introspection is exempt from depth and cost
 * (GraphiQL needs it).
 */
export const limits = { depth: 10, aliases: 15, tokens: 2_000, cost: 5_000 } as const;

const propagate = { propagateOnRejection: true } as const;

export function armourPlugins(production: boolean) {
  return [
    maxTokensPlugin({ n: limits.tokens, ...propagate }),
    maxDepthPlugin({ n: limits.depth, ignoreIntrospection: true, ...propagate }),
    maxAliasesPlugin({ n: limits.aliases, ...propagate }),
    costLimitPlugin({ maxCost: limits.cost, ignoreIntrospection: true, ...propagate }),
    ...(production ? [blockFieldSuggestionsPlugin()] : []),
  ];
}

/**
 * graphql-sse's validation: the specified rules plus the same limits, reported as validation
 * errors (not thrown). Its bodies are capped at the edge, which bounds the tokens.
 */
export function validateWithArmour(schema: GraphQLSchema, document: DocumentNode) {
  const report = { propagateOnRejection: false } as const;
  return validate(schema, document, [
    ...specifiedRules,
    maxDepthRule({ n: limits.depth, ignoreIntrospection: true, ...report }),
    maxAliasesRule({ n: limits.aliases, ...report }),
    costLimitRule({ maxCost: limits.cost, ignoreIntrospection: true, ...report }),
  ]);
}
