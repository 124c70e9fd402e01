import { z } from "zod";

/** `GET /` for machine clients (contract section 9): what the service is and where everything is. */
export const discoveryResponse = z
  .object({
    name: z.string(),
    version: z.string(),
    description: z.string(),
    links: z
      .object({
        openapi: z.string().describe("The OpenAPI 3.1 document of every endpoint."),
        docs: z.string().describe("The API reference (HTML)."),
        gettingStarted: z.string().describe("The guide: a key, a first call, streams, retries, errors (HTML; .md for markdown)."),
        llmsTxt: z.string().describe("The llms.txt index for language models."),
        llmsFullTxt: z.string().describe("The whole reference as one markdown text."),
        mcp: z.string().describe("The Model Context Protocol server (Streamable HTTP, API key as bearer)."),
        agents: z.string().describe("The agents and their prices (no credentials needed)."),
        generate: z.string().describe("POST here with an API key to generate an asset."),
        webApp: z.string().describe("Sign up, create API keys, see the history."),
      })
      .catchall(z.string()),
  })
  .meta({ id: "Discovery" });
