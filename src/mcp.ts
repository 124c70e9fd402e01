import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { assetPreviews } from "./agents/index.js";
import { quote } from "./domain/generation/quote.js";
import { createLogger } from "./infra/logger.js";
import { createRemoteApi } from "./transports/mcp/remote.js";
import { createMcpServer } from "./transports/mcp/tools.js";

/**
 * `npm run mcp`: an MCP server on stdio for clients that start a local command (Claude Desktop,
 * Cursor…). It talks to a running service (local or remote) through its REST API with an API key,
 * so credits, idempotency and scopes are the service's. The configuration is read here, once;
 * stdout carries nothing but protocol messages (logs go to stderr).
 */
const configSchema = z.object({
  AGS_API_KEY: z
    .string({ error: "AGS_API_KEY is required: set it to an API key of the service (ags_…; create one with POST /api/keys or in the web client)." })
    .trim()
    .min(1, "AGS_API_KEY is empty: set it to an API key of the service (ags_…)."),
  AGS_BASE_URL: z.url({ protocol: /^https?$/, error: "AGS_BASE_URL must be an http(s) URL, e.g. http://localhost:3000." }).default("http://localhost:3000"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("warn"),
});

const parsed = configSchema.safeParse(process.env);
if (!parsed.success) {
  process.stderr.write(`${parsed.error.issues[0]?.message ?? "Invalid configuration."}\n`);
  process.exit(1);
}
const config = parsed.data;
const logger = createLogger(config.LOG_LEVEL, (line) => process.stderr.write(`${line}\n`));
const stop = new AbortController();
const server = createMcpServer(
  createRemoteApi({ baseUrl: config.AGS_BASE_URL, apiKey: config.AGS_API_KEY, userAgent: "ags-mcp-stdio", quote, previews: assetPreviews }),
  {
    logger,
    stop: stop.signal,
  },
);
const transport = new StdioServerTransport();
await server.connect(transport);
// The client closed our stdin: nothing more can arrive.
process.stdin.once("end", () => void server.close().finally(() => process.exit(0)));
logger.info("mcp server on stdio", { baseUrl: config.AGS_BASE_URL });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stop.abort();
    void server.close().finally(() => process.exit(0));
  });
}
