/**
 * The MCP server's tools (contract section 7), in the order the docs name them: the one list the route table, the
 * llms.txt page and the tests read (test/http/mcp.test.ts compares it with the tools the server registers).
 */
export const MCP_TOOL_NAMES = [
  "list_agents",
  "estimate_cost",
  "generate_asset",
  "generate_kit",
  "get_kit",
  "recolor_asset",
  "upload_image",
  "get_generation",
  "cancel_generation",
  "get_balance",
] as const;

export type McpToolName = (typeof MCP_TOOL_NAMES)[number];
