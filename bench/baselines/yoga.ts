/**
 * Baseline for (d): GraphQL Yoga on bare node:http with a trivial schema, default options except
 * logging and the landing page. YOGA_FETCH=native gives it Node's own fetch primitives, as the
 * service does (src/transports/graphql/yoga.ts), to separate that choice from the rest.
 */
import { createSchema, createYoga } from "graphql-yoga";
import { serve } from "./serve.js";

const native = process.env.YOGA_FETCH === "native";
const yoga = createYoga({
  schema: createSchema({ typeDefs: "type Query { hello: String! }", resolvers: { Query: { hello: () => "world" } } }),
  logging: false,
  landingPage: false,
  ...(native ? { fetchAPI: { Request, Response, Headers, ReadableStream, TextEncoder, TextDecoder, URL, URLSearchParams, fetch } } : {}),
});

serve((request, response) => {
  if (request.url === "/healthz") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"status":"ok"}');
    return;
  }
  void yoga(request, response);
});
