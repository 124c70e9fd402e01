import { readFileSync } from "node:fs";
import type { OpenApiDocument } from "./types.js";

/** Who the document describes: the service's name, version and summary, its introduction, and its tags in reading order. */

const packageJson = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };

export const serviceName = "AssetForge";
export const serviceVersion = packageJson.version;
export const serviceSummary =
  "Game assets (pixel sprites and sprite sheets, icons, seamless textures and autotiling tilesets, in any palette, with engine exports) generated from a text prompt, paid for with credits.";

const description = `${serviceSummary}

Coding agents call \`POST /api/v1/generate\` with an API key (\`Authorization: Bearer ags_…\`) and get the PNG back in
the answer (\`assets[0].b64\`, and \`assets[0].url\` to download it again with the same key). The web app and the
in-app endpoints (\`/api/ai/*\`, GraphQL) use a session cookie. Start with the guide: [/docs/getting-started](/docs/getting-started).

- **Errors** are always \`{"error": {"code", "message", "requestId", "param"?, "retryable"?, "details"?}}\`; the
  message says what to do next and \`details.docs\` links the relevant page. \`retryable: true\` means the same
  request may succeed later (honour \`Retry-After\`).
- **Retries** are safe with \`Idempotency-Key\`: the same key and body replay the first answer and charge nothing.
- **Long generations**: \`Prefer: respond-async\` answers 202 at once; follow \`Location\`, or stream
  \`GET /api/v1/generations/{id}/events\` (server-sent events).
- **Machine-readable**: this document at \`/openapi.json\`, \`/llms.txt\`, \`/llms-full.txt\`, \`/docs/api.md\`, and an MCP
  server at \`/mcp\`. \`/api/v1/\` changes only by addition.`;

/** The document's `info`. */
export const info: OpenApiDocument["info"] = { title: serviceName, version: serviceVersion, summary: serviceSummary, description };

/** The reading order of the reference: what an agent needs first; tags not listed come after, in table order. */
const tagOrder = [
  "Generation",
  "Kits",
  "Links",
  "Deletion",
  "Agents",
  "Credits",
  "API keys",
  "Accounts",
  "In-app",
  "GraphQL",
  "MCP",
  "Discovery",
  "Operations",
];
const tagRank = (tag: string) => (tagOrder.includes(tag) ? tagOrder.indexOf(tag) : tagOrder.indexOf("Discovery") - 0.5);

const tagDescriptions: Record<string, string> = {
  Discovery: "Where everything is: this document, the reference, the guide and llms.txt. No credentials.",
  Generation: "Generate an asset with an API key, follow it, stream its events, cancel it, download it.",
  Deletion: "Delete an asset, a generation, or your whole account (erasure); the ledger stays.",
  Kits: "A game's art in one call: several assets at one pixel scale and palette, packed into one atlas with engine exports.",
  Links: "Public, expiring links to an asset and its exports: anyone holding one can fetch the bytes without a key.",
  Agents: "The agents that draw assets, their prices and sizes.",
  Credits: "The balance of the key's account.",
  Accounts: "Sign up, sign in and out (session cookie), for the web app and scripts.",
  "API keys": "Create, list and revoke API keys (session cookie). A key's secret is shown once.",
  "In-app": "The web app's own generation endpoints (session cookie).",
  GraphQL: "The in-app GraphQL API (cookie or API key): the schema is printed in schema.graphql; GraphiQL at GET /graphql.",
  MCP: "A Model Context Protocol server for agents (API key as bearer).",
  Operations: "Health of the service, for operators and load balancers.",
};

/** The tags the rows use, in the reference's reading order, with their descriptions. */
export function tagsInReadingOrder(tags: string[]): OpenApiDocument["tags"] {
  return tags.sort((a, b) => tagRank(a) - tagRank(b)).map((name) => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) }));
}
