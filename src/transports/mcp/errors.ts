import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { PALETTE_NAMES } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";

export function toolError(error: AppError, extra = ""): CallToolResult {
  return { isError: true, content: [{ type: "text", text: `${error.code}: ${error.message}\nNext: ${nextStep(error)}${extra}` }] };
}

export function retryHint(error: AppError, key: string): string {
  return error.retryable ? ` Retry with the same idempotencyKey (${key}) so it can never be charged twice.` : "";
}

/** What a model should do about each error code. */
function nextStep(error: AppError): string {
  const after = typeof error.details?.retryAfterSeconds === "number" ? `${error.details.retryAfterSeconds} s` : "a few seconds";
  switch (error.code) {
    case "unauthenticated":
      return "the API key is missing, mistyped or revoked: ask the user for a valid key (Authorization: Bearer ags_…, or AGS_API_KEY).";
    case "forbidden":
      return "this API key may not do this (a read-only key cannot generate or cancel): ask the user for a key with the generate scope.";
    case "insufficient_credits":
      return "nothing was charged. Call get_balance; pick a cheaper agent (list_agents, estimate_cost) or ask the user to add credits.";
    case "key_budget_exceeded":
      return `nothing was charged: this API key's budget is spent until ${String(error.details?.resetsAt ?? "its owner raises it")}. Do not retry before then; ask the user to raise the key's budget.`;
    case "unknown_agent":
      return "call list_agents and use one of its ids.";
    case "invalid_request":
    case "unsupported_option":
      return fixArgument(error);
    case "not_found":
      return "check the id: use one that generate_asset or get_generation answered for this account.";
    case "gone":
      return "this was deleted by its owner: generate a new one.";
    case "storage_quota_exceeded":
      return "the account's storage is full: its owner must delete assets (web app History, or DELETE /api/v1/assets/{id}) before generating more.";
    case "generation_active":
      return "cancel the generation (or wait for it to end), then call again.";
    case "rate_limited":
      return `wait ${after}, then call again.`;
    case "idempotency_in_progress":
      return `the first call with this idempotencyKey is still running: wait ${after}, then repeat the call with the same key.`;
    case "idempotency_key_reused":
      return "this idempotencyKey was used with other arguments: use a new key (or omit it).";
    case "content_rejected":
      return "change the prompt and call again.";
    case "generator_unavailable":
    case "service_unavailable":
    case "internal_error":
    case "request_timeout":
      return `nothing was charged for a refused call; retry in ${after}.`;
    default:
      return "see the message.";
  }
}

/** The Next step for a refused argument: about that argument (the agent's options only where they are the cause). */
function fixArgument(error: AppError): string {
  const param = error.param?.split(".")[0];
  if (param === "tileset") {
    return 'fix the argument named above: list_agents shows which agents draw tilesets (outputs "tileset") and their tileset offer (layouts, most terrains, price per 16 tiles); the texture agent\'s knows lists the surfaces it draws as terrains; estimate_cost checks a tileset for free. Then call again.';
  }
  if (error.param === "sheet") {
    return 'fix the argument named above: list_agents shows which agents draw sheets (outputs "sheet") and their sheet offer (frames per animation, directions, largest side); estimate_cost checks a sheet for free. Then call again.';
  }
  if (error.code === "unsupported_option" || (param && ["agentId", "width", "height", "transparent"].includes(param))) {
    return "fix the argument named above: list_agents shows each agent's id, sizes and whether it can make transparent backgrounds; then call again.";
  }
  if (param === "palette") {
    return `fix the argument named above: palette is a name (${PALETTE_NAMES.join(", ")}) or 2–64 different colours, each "#" and six hex digits (e.g. ["#1a1c2c", "#f4f4f4"]). Then call again.`;
  }
  if (param === "generationId") return 'use a generation id ("gen_…") that generate_asset answered for this account.';
  return "fix the argument named above (the tool's input schema lists the arguments it takes and their bounds) and call again.";
}

/**
 * A resource read the service refused, as the protocol error a client expects. -32002: the
 * resource-not-found code of the MCP specification. McpError prefixes its message with
 * "MCP error <code>: ", and the client's McpError adds it again: the message on the wire is ours
 * alone, so a client shows the prefix once.
 */
export function resourceRefusal(error: AppError, uri: string): McpError {
  const refusal = new McpError(error.code === "not_found" ? -32002 : ErrorCode.InvalidRequest, "", { uri });
  refusal.message = `${error.code}: ${error.message}`;
  return refusal;
}

/**
 * The SDK answers a call whose arguments are refused (`checkArgumentsAsRest`), or that names no
 * tool, with an isError result of the thrown message ("MCP error -32602: Tool x not found"); every
 * other failure is caught by the tools themselves. Give those the same `code: message` shape.
 * (Patches McpServer's private `createToolError`, pinned SDK 1.32; the tests check the wording.)
 */
export function argumentErrorsAsContractErrors(server: McpServer): void {
  const target = server as unknown as { createToolError?: (message: string) => CallToolResult };
  if (typeof target.createToolError !== "function") return;
  target.createToolError = (message: string) => {
    const text = message.replace(/^MCP error -?\d+: /, "");
    // The refused argument leads the message ("generationId: Unknown field…"): its Next step is about it.
    const param = /^([A-Za-z][\w.]*): /.exec(text)?.[1];
    return toolError(new AppError("invalid_request", text, param ? { param } : {}));
  };
}
