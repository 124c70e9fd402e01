import { FastResponse } from "srvx";

/**
 * A JSON answer. srvx's FastResponse is a Response (h3 and every fetch caller take it as one) that
 * builds nothing until asked: the Node front writes its text and headers straight to Node's
 * response (node-front.ts), without a fetch Response or a web stream in between.
 */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonTextResponse(JSON.stringify(body), status, headers);
}

/** A JSON answer already serialised (`text`), as `jsonResponse`. */
export function jsonTextResponse(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return new FastResponse(text, { status, headers: { "content-type": "application/json", ...headers } });
}
