import { z } from "zod";

/** GraphQL over HTTP and MCP: their rows have no zod body, so the protocols' own shapes are described here. */

export const graphqlRequest = z
  .object({
    query: z.string().describe("The GraphQL document."),
    variables: z.record(z.string(), z.unknown()).optional(),
    operationName: z.string().optional(),
  })
  .meta({ id: "GraphQLRequest" });
export const graphqlResult = z
  .object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z
      .array(
        z.object({ message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional(), extensions: z.object({ code: z.string() }).optional() }),
      )
      .optional()
      .describe("extensions.code is one of the closed set of error codes."),
  })
  .meta({ id: "GraphQLResult" });

/** MCP over Streamable HTTP: JSON-RPC 2.0 messages (the protocol's own shape; the tools are listed by tools/list). */
export const jsonRpcRequest = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number().int()]).optional().describe("Absent on notifications."),
    method: z.string().describe("initialize, tools/list, tools/call, resources/read…"),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "JsonRpcRequest" });
