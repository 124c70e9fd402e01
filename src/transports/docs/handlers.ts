import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { H3Event } from "h3";
import { ifNoneMatch } from "../http/conditional.js";
import { openApiDocument } from "../../contract/openapi.js";
import { serviceName, serviceSummary, serviceVersion } from "../../contract/openapi/info.js";
import type { RouteId, routes } from "../../contract/routes.js";
import { docsContentSecurityPolicy, renderPage } from "./layout.js";
import { renderLlmsFullTxt, renderLlmsTxt, type AgentKnows } from "./llms.js";
import { escapeHtml, renderMarkdown } from "./markdown.js";
import { renderReferenceHtml, renderReferenceMarkdown } from "./reference.js";

/**
 * The discovery surface (contract section 9): `GET /` as JSON for machine clients, the OpenAPI
 * document, the reference and the guide (HTML and markdown), llms.txt and llms-full.txt. Every
 * body is built once per app, on first request, and served with a short max-age, an ETag (304
 * on If-None-Match) and gzip when asked for.
 *
 * `GET /` is one row of the route table. For a browser (Accept preferring text/html, or a
 * navigation) it answers what the web client's handler answers (the app's page); for anything
 * else (curl's `*\/*`, `application/json`, no Accept) the JSON index. `Vary: Accept` on both.
 */
export interface DocsDeps {
  /** The origin people and agents use (PUBLIC_ORIGIN): links and curl examples are written with it. */
  publicOrigin: string;
  /** The web client's handler: its answer for `GET /`, or undefined when the request is not a browser's. */
  web: (request: Request) => Promise<Response | undefined>;
  /** The catalog's agents that read the prompt themselves, with what they know (llms.txt lists it). */
  agentsKnow?: () => AgentKnows[];
}

type DocsRouteId = { [K in RouteId]: (typeof routes)[K]["transport"] extends "docs" ? K : never }[RouteId];
export type DocsHandlers = Record<DocsRouteId, (event: H3Event) => Promise<Response>>;

interface Document {
  body: Uint8Array;
  gzip?: Uint8Array;
  type: string;
  etag: string;
  html: boolean;
}

const maxAge = "public, max-age=300";
const guidePath = new URL("../../../docs/getting-started.md", import.meta.url);
/** The guide is written for `npm start` on the default port; it is served with the service's own origin. */
const writtenOrigin = "http://localhost:3000";

function document(text: string, type: string): Document {
  const body = new TextEncoder().encode(text);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const gzip = body.byteLength > 1024 ? new Uint8Array(gzipSync(body, { level: 9 })) : undefined;
  return { body, type, etag, html: type.startsWith("text/html"), ...(gzip ? { gzip } : {}) };
}

function serve(request: Request, doc: Document, extra: Record<string, string> = {}): Response {
  const gzip = doc.gzip && /\bgzip\b/i.test(request.headers.get("accept-encoding") ?? "") ? doc.gzip : undefined;
  const etag = gzip ? `${doc.etag.slice(0, -1)}-gz"` : doc.etag;
  const headers = new Headers({ "cache-control": maxAge, etag, "x-content-type-options": "nosniff", vary: "Accept-Encoding", ...extra });
  if (doc.html) {
    headers.set("content-security-policy", docsContentSecurityPolicy);
    headers.set("referrer-policy", "same-origin");
  } else {
    // Public documents: any site or tool may read them (no credentials involved).
    headers.set("access-control-allow-origin", "*");
  }
  if (ifNoneMatch(request.headers.get("if-none-match"), doc.etag, `${doc.etag.slice(0, -1)}-gz"`)) return new Response(null, { status: 304, headers });
  headers.set("content-type", doc.type);
  if (gzip) headers.set("content-encoding", "gzip");
  const body = gzip ?? doc.body;
  headers.set("content-length", String(body.byteLength));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export function docsHandlers(deps: DocsDeps): DocsHandlers {
  const origin = deps.publicOrigin.replace(/\/$/, "");
  const guideMarkdown = once(() => readFileSync(guidePath, "utf8").replaceAll(writtenOrigin, origin));
  const referenceMarkdown = once(() => renderReferenceMarkdown(openApiDocument(), origin));

  const documents = {
    root: once(() =>
      document(
        JSON.stringify({
          name: serviceName,
          version: serviceVersion,
          description: serviceSummary,
          links: {
            openapi: `${origin}/openapi.json`,
            docs: `${origin}/docs`,
            gettingStarted: `${origin}/docs/getting-started`,
            llmsTxt: `${origin}/llms.txt`,
            llmsFullTxt: `${origin}/llms-full.txt`,
            mcp: `${origin}/mcp`,
            agents: `${origin}/api/ai/agents`,
            generate: `${origin}/api/v1/generate`,
            webApp: `${origin}/`,
          },
        }),
        "application/json",
      ),
    ),
    openapi: once(() => document(JSON.stringify(openApiDocument(), null, 2), "application/json")),
    docs: once(() => document(renderReferenceHtml(openApiDocument(), origin), "text/html; charset=utf-8")),
    gettingStarted: once(() => {
      const { html, headings } = renderMarkdown(guideMarkdown());
      const sections = headings.filter((h) => h.level === 2);
      const sidebar = `<h2>Guide</h2><ul class="links">${sections.map((h) => `<li><a href="#${h.id}">${escapeHtml(h.text.replace(/`/g, ""))}</a></li>`).join("")}</ul><h2>Reference</h2><ul class="links"><li><a href="/docs">API reference</a></li><li><a href="/docs/getting-started.md">This guide as markdown</a></li><li><a href="/openapi.json">OpenAPI 3.1</a></li><li><a href="/llms.txt">llms.txt</a></li></ul>`;
      const page = renderPage({ title: `Getting started: ${serviceName}`, description: serviceSummary, version: serviceVersion, sidebar, content: html });
      return document(page, "text/html; charset=utf-8");
    }),
    gettingStartedMarkdown: once(() => document(guideMarkdown(), "text/markdown; charset=utf-8")),
    apiMarkdown: once(() => document(referenceMarkdown(), "text/markdown; charset=utf-8")),
    llmsTxt: once(() => document(renderLlmsTxt(origin, deps.agentsKnow?.() ?? []), "text/plain; charset=utf-8")),
    llmsFullTxt: once(() => document(renderLlmsFullTxt(origin, guideMarkdown(), referenceMarkdown()), "text/plain; charset=utf-8")),
  } satisfies Record<DocsRouteId, () => Document>;

  const handler = (id: DocsRouteId) => async (event: H3Event) => serve(event.req, documents[id]());

  return {
    root: async (event) => {
      const page = await deps.web(event.req);
      if (page) {
        page.headers.append("vary", "Accept");
        return page;
      }
      return serve(event.req, documents.root(), { vary: "Accept, Accept-Encoding" });
    },
    openapi: handler("openapi"),
    docs: handler("docs"),
    gettingStarted: handler("gettingStarted"),
    gettingStartedMarkdown: handler("gettingStartedMarkdown"),
    apiMarkdown: handler("apiMarkdown"),
    llmsTxt: handler("llmsTxt"),
    llmsFullTxt: handler("llmsFullTxt"),
  };
}
