import { FastResponse } from "srvx";

/**
 * A JSON answer that keeps its text: the Node entry writes `serialized` and the headers straight to
 * Node's response (node-front.ts), without a fetch Response or a web stream in between. It is
 * srvx's FastResponse (the class h3 answers with), so h3 and every fetch caller take it as the
 * whole Response it is, built only when someone reads it as one.
 */
export class JsonResponse extends FastResponse {
  constructor(
    readonly serialized: string,
    status: number,
    headers: Record<string, string>,
  ) {
    super(serialized, { status, headers: { "content-type": "application/json", ...headers } });
  }
}

/** A JSON answer. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new JsonResponse(JSON.stringify(body), status, headers);
}

/** A JSON answer already serialised (`text`), as `jsonResponse`. */
export function jsonTextResponse(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return new JsonResponse(text, status, headers);
}
