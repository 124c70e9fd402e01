// The web client's test bench: the app on a real port (PUBLIC_ORIGIN is that origin) and Debian's
// Chromium (/usr/bin/chromium, never downloaded) driven by playwright-core. Pages fail the test on
// an uncaught error and on any request to another host (collected in `problems`).
import { existsSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startTestApp, type TestApp } from "../support/harness.js";
import { createNodeListener } from "../../src/transports/http/node-front.js";

export const repo = fileURLToPath(new URL("../../", import.meta.url));
export const chromiumPath = "/usr/bin/chromium";
export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

/** Debian's Chromium, headless, with nothing that reaches the network on its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

export interface WebBench {
  t: TestApp;
  origin: string;
  browser: Browser;
  /** Uncaught page errors, CSP refusals and requests to another host, from every page. */
  problems: string[];
  /** A fresh browser profile at this viewport. */
  newContext(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startWebBench(env: Record<string, string> = {}): Promise<WebBench> {
  if (!existsSync(chromiumPath)) throw new Error(`No browser at ${chromiumPath}: install Debian's Chromium (apt-get install chromium).`);
  let handle: RequestListener = (_req, res) => res.writeHead(503).end();
  const server: Server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = `http://${host}`;
  const t = await startTestApp({ PUBLIC_ORIGIN: origin, ...env });
  handle = createNodeListener(t.app.edge, t.logger);
  const browser = await launchChromium();
  const problems: string[] = [];

  return {
    t,
    origin,
    browser,
    problems,
    async newContext(viewport = desktop) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      context.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol !== "data:" && url.protocol !== "blob:" && url.host !== host) problems.push(`request to another host: ${request.url()}`);
      });
      const page = await context.newPage();
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
      });
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    async close() {
      await browser.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

/** Signs a new account up through the page; resolves once the signed-in app shows its balance. */
export async function signUp(page: Page, origin: string, email: string, password = "correct horse battery"): Promise<void> {
  await page.goto(`${origin}/sign-up`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await page
    .getByRole("banner")
    .getByRole("link", { name: /credits?$/ })
    .waitFor();
}
