// What the Phaser tests share: the files a page needs served by a small server here (Phaser 3 from npm, and what the
// test fetched through the API), and a tab in Chromium that reaches no other host, notes every warning, and answers
// what the page's scene reported on `window.__report`.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { TestApp } from "../support/harness.js";
import { bearer } from "../support/users.js";
import { repo } from "./browser.js";

export interface ServedFile {
  type: string;
  body: Buffer;
}

/** Phaser's build from npm, at the path the pages load it from. */
export const phaserScript = async (): Promise<[string, ServedFile]> => [
  "/phaser.min.js",
  { type: "text/javascript", body: await readFile(join(repo, "node_modules/phaser/dist/phaser.min.js")) },
];

/** A file as a client gets it: GET through the API with the key, which must answer 200. */
export const fetchWithKey = (t: TestApp, secret: string) => async (path: string) => {
  const r = await t.request(path, { headers: bearer(secret) });
  expect(r.status, path).toBe(200);
  return Buffer.from(await r.arrayBuffer());
};

/** Serves exactly `files` (by path; anything else 404) on 127.0.0.1: its origin, and how to stop it. */
export async function serveFiles(files: Map<string, ServedFile>): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const file = files.get(new URL(req.url ?? "/", "http://x").pathname);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file.type, "content-length": file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface ReportingPage<R> {
  context: BrowserContext;
  tab: Page;
  report: R;
  /** Requests to any other host (aborted before they left). */
  elsewhere: string[];
  /** Every request the page made (data: and blob: as their protocol). */
  requested: string[];
  /** Console warnings and errors, and uncaught page errors. */
  warnings: string[];
}

/** Opens `origin`/ in a new context and waits for the scene's `window.__report`. */
export async function openReportingPage<R>(browser: Browser, origin: string, viewport: { width: number; height: number }): Promise<ReportingPage<R>> {
  const elsewhere: string[] = [];
  const requested: string[] = [];
  const warnings: string[] = [];
  const context = await browser.newContext({ viewport });
  // Anything not from our server is refused before it leaves, and noted.
  await context.route("**/*", (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });
  context.on("request", (request) => {
    const url = new URL(request.url());
    requested.push(url.protocol === "data:" || url.protocol === "blob:" ? url.protocol : request.url());
  });
  const tab = await context.newPage();
  tab.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") warnings.push(`${message.type()}: ${message.text()}`);
  });
  tab.on("pageerror", (error) => warnings.push(`page error: ${error.message}`));
  await tab.goto(`${origin}/`);
  await tab.waitForFunction(() => (window as unknown as { __report?: unknown }).__report !== undefined, undefined, { timeout: 20_000 });
  const report = await tab.evaluate(() => (window as unknown as { __report: unknown }).__report);
  return { context, tab, report: report as R, elsewhere, requested, warnings };
}
