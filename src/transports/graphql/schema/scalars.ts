import { GraphQLError, Kind } from "graphql";
import { builder } from "../builder.js";

builder.scalarType("DateTime", {
  description: "An ISO-8601 instant, e.g. 2026-11-22T07:00:00.000Z.",
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    const date = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError("DateTime must be an ISO-8601 string.");
    return date;
  },
  parseLiteral: (ast) => {
    const date = ast.kind === Kind.STRING ? new Date(ast.value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError("DateTime must be an ISO-8601 string.");
    return date;
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType("JSON", {
  description: "Any JSON value.",
  serialize: (value) => value,
  parseValue: (value) => value,
});

builder.subscriptionType({});
