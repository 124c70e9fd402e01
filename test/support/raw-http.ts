import http from "node:http";

/** An answer read whole from Node's client (headers as Node gives them, lower case). */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): unknown;
  /** The envelope's or the first GraphQL error's fields. */
  error(): { code?: string; requestId?: string; message?: string; param?: string };
}

/**
 * One request to `base` over a fresh connection, with Node's own client (no fetch in between);
 * `body` as an array is sent chunked (no Content-Length).
 */
export function rawCall(
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: string | Buffer | Buffer[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on("data", (c: Buffer) => chunks.push(c))
        .on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const json = () => JSON.parse(text) as unknown;
          const error = () => {
            const parsed = json() as { error?: Record<string, string>; errors?: { message: string; extensions: Record<string, string> }[] };
            return parsed.error ?? { message: parsed.errors?.[0]?.message, ...parsed.errors?.[0]?.extensions };
          };
          resolve({ status: res.statusCode!, headers: res.headers, text, json, error });
        });
    });
    req.on("error", reject);
    if (Array.isArray(body)) {
      for (const chunk of body) req.write(chunk);
      req.end();
    } else req.end(body);
  });
}
