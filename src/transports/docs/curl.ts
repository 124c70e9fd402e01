import type { MediaTypeObject, OpenApiDocument, OperationObject } from "../../contract/openapi/types.js";
import { parameterOf, sampleOf } from "./schema-view.js";

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The body an example request sends: the operation's first example, else one made from its schema. */
export function requestExample(doc: OpenApiDocument, media: MediaTypeObject | undefined): unknown {
  if (!media) return undefined;
  const first = media.examples ? Object.values(media.examples)[0]?.value : undefined;
  return first ?? media.example ?? sampleOf(doc, media.schema);
}

/**
 * A curl command for the operation, against `origin`: its credentials (`$AGS_KEY`, or the
 * cookie jar of the guide with the Origin a cookie write needs), its headers and an example body.
 */
export function curlExample(doc: OpenApiDocument, method: string, path: string, operation: OperationObject, origin: string): string {
  const parameters = (operation.parameters ?? []).map((p) => parameterOf(doc, p));
  let url = path;
  for (const p of parameters.filter((p) => p.in === "path")) url = url.replace(`{${p.name}}`, String(p.example ?? `{${p.name}}`));
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"))?.[1];
  const types = Object.keys(success?.content ?? {});
  const media = operation.requestBody?.content["application/json"];
  const body = requestExample(doc, media);
  const write = method !== "GET" && method !== "HEAD";

  const flags = ["curl -s"];
  if (types.includes("text/event-stream")) flags.push("-N");
  if (types.includes("image/png")) flags.push("-o asset.png");
  // A file download (engine exports): saved under the name the answer gives it.
  if (types.includes("application/zip")) flags.push("-OJ");
  if (write && body === undefined) flags.push(`-X ${method}`);
  else if (method !== "GET" && method !== "POST") flags.push(`-X ${method}`);
  const lines = [`${flags.join(" ")} ${origin}${url}`];

  const scheme = Object.keys(operation.security[0] ?? {})[0];
  if (scheme === "apiKey") lines.push(`-H "Authorization: Bearer $AGS_KEY"`);
  if (scheme === "sessionCookie") {
    lines.push("-b jar");
    if (write) lines.push(`-H 'Origin: ${origin}'`);
  }
  for (const p of parameters.filter((p) => p.in === "header")) {
    if (p.name === "Idempotency-Key") lines.push(`-H 'Idempotency-Key: ${String(p.example ?? "my-retry-key")}'`);
  }
  // Streamable HTTP (MCP) answers only clients that take both.
  if (operation["x-transport"] === "mcp") lines.push("-H 'Accept: application/json, text/event-stream'");
  if (body !== undefined) {
    lines.push("-H 'Content-Type: application/json'");
    lines.push(`-d ${shellQuote(JSON.stringify(body))}`);
  }
  return lines.join(" \\\n  ");
}
