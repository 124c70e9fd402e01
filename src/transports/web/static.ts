import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { ifNoneMatch } from "../http/conditional.js";

/**
 * The web client (web/, built to web/dist by `npm run build:web`) served by the same process and
 * port as the API. It is the app's catch-all: it only sees paths no API route matched, and still
 * never answers for the API's own namespaces, so a typo there stays the API's JSON 404.
 *
 * - `/assets/*` (hashed by Vite): cached for a year, immutable.
 * - any other file of the bundle (favicon…): revalidated (`no-cache` + ETag).
 * - a browser navigation (GET/HEAD accepting text/html) to any other path: index.html, `no-cache`
 *   (the SPA routes itself).
 *
 * The bundle is read once into memory (it is small); request paths are only ever looked up in
 * that map, never joined onto the file system, so no path can escape `distDir`.
 */
export interface WebHandlerOptions {
  /** Folder of the built bundle (index.html + hashed assets). */
  distDir: string;
}

interface StaticFile {
  body: Uint8Array;
  gzip?: Uint8Array;
  type: string;
  etag: string;
  cacheControl: string;
}

/** Paths that belong to the API (and machine-readable docs), never to the web client. */
const reserved = ["/api", "/graphql", "/mcp", "/docs", "/openapi.json", "/llms.txt", "/llms-full.txt", "/v1", "/healthz"];

export function isReservedPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  // A prefix match (so /graphql-ws, /docs.json or /api/anything stay the API's too): the app's
  // own routes (/, /history, /credits, /keys, /admin, /sign-in, /sign-up) share none of them.
  return reserved.some((prefix) => path.startsWith(prefix));
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
};

const compressible = /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg\+xml)/;

const immutable = "public, max-age=31536000, immutable";

/**
 * The page's own rules: everything from this origin, nothing from another host. Inline data:
 * images are the live previews; styles set through the DOM (progress width) are not inline CSS.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

function loadBundle(distDir: string): Map<string, StaticFile> | undefined {
  const index = join(distDir, "index.html");
  if (!existsSync(index) || !statSync(index).isFile()) return undefined;
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const urlPath = `/${relative(distDir, full).split(sep).join("/")}`;
        const body = new Uint8Array(readFileSync(full));
        const type = contentTypes[extname(entry.name).toLowerCase()] ?? "application/octet-stream";
        const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
        const gzip = compressible.test(type) && body.byteLength > 1024 ? new Uint8Array(gzipSync(body, { level: 9 })) : undefined;
        files.set(urlPath, {
          body,
          gzip: gzip && gzip.byteLength < body.byteLength ? gzip : undefined,
          type,
          etag: `"${hash}"`,
          cacheControl: urlPath.startsWith("/assets/") ? immutable : "no-cache",
        });
      }
    }
  };
  walk(distDir);
  return files;
}

/** Whether the client asked for HTML (a browser navigation), not JSON or anything else. */
function wantsHtml(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  if (request.headers.get("sec-fetch-dest") === "document" && !/application\/json/i.test(accept)) return true;
  const types = accept.split(",").map((part) => {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return { type: type.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  const html = types.find((t) => t.type === "text/html" || t.type === "application/xhtml+xml");
  if (!html || !(html.q > 0)) return false;
  const json = types.find((t) => t.type === "application/json");
  return !json || html.q >= json.q;
}

/** Returns the page or asset for a request, or undefined when the path is not the web client's. */
export function createWebHandler(options: WebHandlerOptions): (request: Request) => Promise<Response | undefined> {
  let bundle: Map<string, StaticFile> | undefined;

  const files = () => {
    // Read once; while the bundle is missing, look again on the next request (cheap: one stat).
    bundle ??= loadBundle(options.distDir);
    return bundle;
  };

  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const url = new URL(request.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return undefined;
    }
    if (path.includes("\0") || path.includes("\\") || path.split("/").some((segment) => segment === "..")) return undefined;
    if (isReservedPath(path) || isReservedPath(url.pathname)) return undefined;
    const bundle = files();
    if (!bundle) return undefined;

    let file = bundle.get(path);
    let isPage = path === "/index.html";
    if (!file) {
      // Unknown asset or file name: a 404 of the API, not the page. Anything else may be an app route.
      if (path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(path)) return undefined;
      if (!wantsHtml(request)) return undefined;
      file = bundle.get("/index.html");
      isPage = true;
      if (!file) return undefined;
    }

    const gzip = file.gzip && /\bgzip\b/i.test(request.headers.get("accept-encoding") ?? "") ? file.gzip : undefined;
    const etag = gzip ? `${file.etag.slice(0, -1)}-gz"` : file.etag;
    const headers = new Headers({
      "content-type": file.type,
      "cache-control": file.cacheControl,
      etag,
      "x-content-type-options": "nosniff",
    });
    if (file.gzip) headers.set("vary", "accept-encoding");
    if (isPage) {
      headers.set("content-security-policy", contentSecurityPolicy);
      headers.set("referrer-policy", "same-origin");
      headers.set("x-frame-options", "DENY");
    }

    if (ifNoneMatch(request.headers.get("if-none-match"), etag, file.etag)) {
      headers.delete("content-type");
      return new Response(null, { status: 304, headers });
    }
    const body = gzip ?? file.body;
    if (gzip) headers.set("content-encoding", "gzip");
    headers.set("content-length", String(body.byteLength));
    return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
  };
}
