import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebHandler, isReservedPath } from "./static.js";

const html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"; // what Chromium sends on navigation
const script = `console.log(${JSON.stringify("x".repeat(4000))});\n`;

let dist: string;
let outside: string;
beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), "web-static-"));
  dist = join(root, "dist");
  outside = join(root, "secret.txt");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>app</title><div id=app></div>");
  writeFileSync(join(dist, "assets", "index-AbC123.js"), script);
  writeFileSync(join(dist, "assets", "index-AbC123.css"), "body{margin:0}");
  writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(outside, "do not serve");
});
afterAll(() => rmSync(join(dist, ".."), { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  createWebHandler({ distDir: dist })(new Request(`http://localhost:3000${path}`, { method, headers }));

describe("web client static handler", () => {
  it("answers a browser navigation with index.html, revalidated, with a strict CSP", async () => {
    for (const path of ["/", "/history", "/keys", "/admin", "/sign-in", "/some/deep/link"]) {
      const response = await get(path, { accept: html });
      expect(response?.status, path).toBe(200);
      expect(response!.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response!.headers.get("cache-control")).toBe("no-cache");
      expect(response!.headers.get("etag")).toMatch(/^"[\w-]+"$/);
      expect(response!.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(await response!.text()).toContain("<title>app</title>");
    }
  });

  it("leaves GET / to the API unless the client asks for HTML", async () => {
    expect(await get("/", { accept: "application/json" })).toBeUndefined();
    expect(await get("/", { accept: "application/json, text/html;q=0.5" })).toBeUndefined();
    expect(await get("/", { accept: "*/*" })).toBeUndefined();
    expect(await get("/")).toBeUndefined();
    expect((await get("/", { accept: "text/html, application/json;q=0.9" }))?.status).toBe(200);
    expect((await get("/", { "sec-fetch-dest": "document", accept: "*/*" }))?.status).toBe(200);
  });

  it("never answers for the API's paths, whatever the Accept header", async () => {
    const paths = [
      "/api",
      "/api/",
      "/api/v1/generate",
      "/api/nope",
      "/graphql",
      "/graphql/stream",
      "/graphql-ws",
      "/mcp",
      "/mcp/sse",
      "/docs",
      "/docs/",
      "/docs/anything",
      "/openapi.json",
      "/llms.txt",
      "/llms-full.txt",
      "/v1",
      "/v1/models",
      "/healthz",
      "/API/keys",
      "/%61pi/keys",
      "/Graphql",
    ];
    for (const path of paths) {
      expect(await get(path, { accept: html }), path).toBeUndefined();
      expect(isReservedPath(decodeURIComponent(path)), path).toBe(true);
    }
    expect(isReservedPath("/history")).toBe(false);
  });

  it("serves hashed assets for a year, immutable, with their content type", async () => {
    const js = await get("/assets/index-AbC123.js");
    expect(js?.status).toBe(200);
    expect(js!.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js!.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(js!.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await js!.text()).toBe(script);
    const css = await get("/assets/index-AbC123.css");
    expect(css!.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const icon = await get("/favicon.svg");
    expect(icon!.headers.get("content-type")).toBe("image/svg+xml");
    expect(icon!.headers.get("cache-control")).toBe("no-cache");
  });

  it("gzips text for clients that accept it", async () => {
    const response = await get("/assets/index-AbC123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(response!.headers.get("content-encoding")).toBe("gzip");
    expect(response!.headers.get("vary")).toBe("accept-encoding");
    const bytes = Buffer.from(await response!.arrayBuffer());
    expect(Number(response!.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(script.length);
    expect(gunzipSync(bytes).toString()).toBe(script);
    const plain = await get("/assets/index-AbC123.js");
    expect(plain!.headers.get("content-encoding")).toBeNull();
    expect(plain!.headers.get("etag")).not.toBe(response!.headers.get("etag"));
  });

  it("answers If-None-Match with 304, and HEAD without a body", async () => {
    const first = await get("/assets/index-AbC123.js");
    const etag = first!.headers.get("etag")!;
    const again = await get("/assets/index-AbC123.js", { "if-none-match": etag });
    expect(again?.status).toBe(304);
    expect(again!.headers.get("etag")).toBe(etag);
    expect(await again!.text()).toBe("");
    const page = await get("/history", { accept: html });
    expect((await get("/history", { accept: html, "if-none-match": `W/${page!.headers.get("etag")}` }))?.status).toBe(304);
    const head = await get("/assets/index-AbC123.js", {}, "HEAD");
    expect(head?.status).toBe(200);
    expect(head!.headers.get("content-length")).toBe(String(script.length));
    expect(head!.body).toBeNull();
  });

  it("answers nothing for other methods, unknown files and assets", async () => {
    expect(await get("/", { accept: html }, "POST")).toBeUndefined();
    expect(await get("/history", { accept: html }, "DELETE")).toBeUndefined();
    expect(await get("/assets/missing-123.js", { accept: html })).toBeUndefined();
    expect(await get("/robots.txt", { accept: html })).toBeUndefined();
    expect(await get("/history", { accept: "application/json" })).toBeUndefined();
  });

  it("cannot be walked out of the bundle folder", async () => {
    for (const path of [
      "/../secret.txt",
      "/assets/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/assets/..%5c..%5csecret.txt",
      "/%00",
      "/%E0%A4%A",
    ]) {
      const response = await get(path, { accept: html });
      if (response) expect(await response.text(), path).not.toContain("do not serve");
    }
  });

  it("answers nothing while the bundle is missing, and serves it once built", async () => {
    const later = join(dist, "..", "later");
    const handler = createWebHandler({ distDir: later });
    const request = () => handler(new Request("http://localhost:3000/", { headers: { accept: html } }));
    expect(await request()).toBeUndefined();
    mkdirSync(later);
    writeFileSync(join(later, "index.html"), "<!doctype html><title>later</title>");
    expect(await (await request())!.text()).toContain("later");
  });
});
