// The web client end to end, in a real browser: playwright-core driving Debian's Chromium
// (/usr/bin/chromium, never downloaded) against the app listening on a real port.
// Fails on any uncaught page error and on any request to another host.
// SCREENSHOTS=1 also writes docs/screenshots/<screen>-<desktop|phone>.png.
import { existsSync, mkdirSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { createNodeListener } from "../../src/transports/http/node-front.js";
import { chromiumPath, launchChromium } from "./browser.js";
import { describeOn } from "../support/needs.js";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const screenshots = process.env.SCREENSHOTS === "1" ? `${repo}docs/screenshots/` : undefined;
const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };

describeOn("pglite", "web client in a real browser", () => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  let host: string;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    if (!existsSync(chromiumPath)) throw new Error(`No browser at ${chromiumPath}: install Debian's Chromium (apt-get install chromium).`);
    // Listen first: PUBLIC_ORIGIN (the Origin the session cookie's writes must carry) is the page's origin.
    let handle: RequestListener = (_req, res) => res.writeHead(503).end();
    server = createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    host = `127.0.0.1:${port}`;
    origin = `http://${host}`;
    t = await startTestApp({ PUBLIC_ORIGIN: origin });
    handle = createNodeListener(t.app.edge, t.logger);
    browser = await launchChromium();
    if (screenshots) mkdirSync(screenshots, { recursive: true });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await t?.close();
  });

  /** A fresh browser profile whose pages report errors and foreign requests. */
  async function newContext(viewport = desktop): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, permissions: ["clipboard-read", "clipboard-write"] });
    context.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol === "data:" || url.protocol === "blob:") return;
      if (url.host !== host) problems.push(`request to another host: ${request.url()}`);
    });
    const page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
    });
    page.setDefaultTimeout(10_000);
    return { context, page };
  }

  const shot = async (page: Page, name: string, kind: "desktop" | "phone", options: { keepScroll?: boolean } = {}) => {
    if (!screenshots) return;
    await page.evaluate(async (keepScroll) => {
      if (!keepScroll) scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
      await document.fonts.ready;
      await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
    }, options.keepScroll ?? false);
    const png = await page.screenshot({ animations: "disabled", caret: "hide" });
    // A 256-colour palette keeps the committed files small (a third of the size, no visible loss).
    const { default: sharp } = await import("sharp");
    await sharp(png).png({ palette: true, colours: 256, dither: 0.6, effort: 10, compressionLevel: 9 }).toFile(`${screenshots}${name}-${kind}.png`);
  };

  const balance = (page: Page) => page.getByRole("banner").getByRole("link", { name: /credits?$/ });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${origin}/sign-in`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => balance(page).isVisible(), { timeout: 10_000 }).toBe(true); // a password hash, on a busy machine
  }

  async function generate(page: Page, prompt: string, options: { agent: string; size: string; seed?: string }) {
    await page.getByRole("link", { name: "Generate", exact: true }).click();
    await page.getByLabel("Prompt").fill(prompt);
    await page.getByLabel("Agent").selectOption(options.agent);
    await page.getByLabel("Size").selectOption(options.size);
    if (options.seed) await page.getByLabel("Seed").fill(options.seed);
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await expect.poll(() => page.getByRole("progressbar").getAttribute("aria-valuenow"), { timeout: 20_000 }).toBe("100");
    const image = page.getByRole("img", { name: prompt, exact: true });
    await image.waitFor();
    // The asset came from /api/v1/assets/:id with the session cookie, and decoded.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    return image;
  }

  it("serves the app at / to browsers only, with long-cached assets, and never shadows the API", async () => {
    const page = await fetch(`${origin}/history`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${origin}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await fetch(`${origin}${script}`, { headers: { "if-none-match": asset.headers.get("etag")! } })).status).toBe(304);

    const root = await fetch(`${origin}/`, { headers: { accept: "application/json" } });
    expect(root.headers.get("content-type")).not.toContain("text/html");
    for (const path of ["/api/nope", "/graphql/nope", "/v1/nope", "/docs/nope"]) {
      const response = await fetch(`${origin}${path}`, { headers: { accept: "text/html" } });
      expect(response.headers.get("content-type"), path).toContain("application/json");
      expect(response.status, path).toBeGreaterThanOrEqual(400);
    }
  });

  it("signs up, generates live, keeps history, manages keys, gets credits from an admin, signs out", { timeout: 150_000 }, async () => {
    const email = `ada-${Date.now()}@example.com`;
    const password = "correct horse battery";
    const { context, page } = await newContext();

    // The service's root, opened by a person: the sign-in screen, with a way to sign up.
    await page.goto(`${origin}/sign-in`);
    await expect.poll(() => page.getByRole("button", { name: "Sign in", exact: true }).isVisible()).toBe(true);
    await shot(page, "sign-in", "desktop");
    await page.getByRole("button", { name: "Sign up", exact: true }).click(); // switch
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign up", exact: true }).click(); // submit
    await expect.poll(() => balance(page).textContent()).toBe("100 credits");

    // Generate: progress streams over graphql-sse (POST, Accept: text/event-stream), then the image.
    const stream = page.waitForRequest(
      (r) => r.url() === `${origin}/graphql/stream` && r.method() === "POST" && (r.headers().accept ?? "").includes("text/event-stream"),
    );
    stream.catch(() => undefined); // awaited below; a failure before that must not be unhandled
    const percents: number[] = [];
    await page.exposeFunction("reportPercent", (value: number) => void percents.push(value));
    await page.evaluate(() => {
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        if (bar) (window as unknown as { reportPercent(v: number): void }).reportPercent(Number(bar.getAttribute("aria-valuenow")));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
    });
    await generate(page, "red health potion", { agent: "icon", size: "128x128", seed: "1234" });
    await stream;
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b)); // never goes back
    await expect.poll(() => balance(page).textContent()).toBe("98 credits");
    await expect.poll(() => page.getByRole("link", { name: "Download" }).getAttribute("href")).toMatch(/^\/api\/v1\/assets\/ast_/);
    await shot(page, "generate", "desktop");

    // Reload: the session survives, and History lists the generation (a deep link works too).
    await page.reload();
    await page.getByRole("link", { name: "History", exact: true }).click();
    await page.getByRole("img", { name: "red health potion", exact: true }).waitFor();
    await page.goto(`${origin}/history`);
    const tile = page.getByRole("listitem").filter({ has: page.getByRole("img", { name: "red health potion", exact: true }) });
    await tile.waitFor();
    await expect.poll(() => tile.getByRole("link", { name: /^Download/ }).getAttribute("href")).toMatch(/^\/api\/v1\/assets\/ast_/);
    await tile.getByRole("button", { name: /^Run again/ }).click(); // re-run: back to Generate, running
    await expect.poll(() => page.getByRole("progressbar").getAttribute("aria-valuenow"), { timeout: 20_000 }).toBe("100");
    await expect.poll(() => balance(page).textContent()).toBe("96 credits");
    await page.getByRole("link", { name: "History", exact: true }).click();
    await expect.poll(() => page.getByRole("img", { name: "red health potion", exact: true }).count()).toBe(2);
    await shot(page, "history", "desktop");
    // Delete one (after a confirm): it leaves History; its charge stays in the ledger below.
    await page.getByRole("button", { name: "Delete: red health potion" }).first().click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => page.getByRole("img", { name: "red health potion", exact: true }).count()).toBe(1);

    // Credits: the ledger shows the welcome grant and both charges.
    await page.getByRole("link", { name: "Credits", exact: true }).click();
    await page.getByRole("cell", { name: /Welcome credits/ }).waitFor();
    await expect.poll(() => page.getByRole("cell", { name: /Generation/ }).count()).toBe(2);
    await page.getByTestId("storage").getByText("of 1,024 MB used").waitFor(); // the storage quota, used of it
    // The low-balance alert: none yet; set at 100, the banner shows at once (96 < 100), on every screen.
    // Usage above the ledger: a Chart.js bar chart of credits per day, the web app's 4 credits in it (and drawn).
    const chart = page.getByTestId("usage-chart");
    await expect.poll(() => chart.getAttribute("data-total")).toBe("4");
    expect(await chart.locator("table tr").allTextContents()).toEqual([`${new Date().toISOString().slice(0, 10)}Web app4`]);
    const painted = await chart.locator("canvas").evaluate((c: HTMLCanvasElement) => {
      const pixels = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(500);
    await page.getByLabel("Split usage by").selectOption("agent");
    await expect.poll(() => chart.locator("table tr").allTextContents()).toEqual([`${new Date().toISOString().slice(0, 10)}Flat icon4`]);
    const lowBanner = page.getByTestId("low-balance");
    expect(await lowBanner.count()).toBe(0);
    await page.getByLabel("Low-balance alert (credits)").fill("100");
    await page.getByRole("button", { name: "Save alert" }).click();
    await expect.poll(() => lowBanner.textContent()).toContain("Your balance is low: 96 credits, below your alert at 100 credits.");
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { email }, select: { account: { select: { lowBalanceThreshold: true } } } });
    expect(stored.account.lowBalanceThreshold).toBe(100); // the same threshold credits.low uses
    await page.getByRole("link", { name: "History", exact: true }).click();
    await lowBanner.getByRole("link", { name: "Get more credits" }).click();
    await page.getByRole("cell", { name: /Welcome credits/ }).waitFor();
    await shot(page, "credits", "desktop");

    // API keys: the secret is shown once, works, is gone after a reload, and dies when revoked.
    await page.getByRole("link", { name: "API keys", exact: true }).click();
    await page.getByLabel("Key name").fill("ci pipeline");
    await page.getByRole("button", { name: "Create key" }).click();
    const secretBox = page.getByRole("textbox", { name: "Secret key" });
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^ags_[0-9A-Za-z]{38}$/);
    await page.getByRole("button", { name: "Copy key" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, "keys", "desktop");
    const call = () => t.request("/api/v1/credits", { headers: { authorization: `Bearer ${secret}` } });
    expect((await call()).status).toBe(200);
    await page.reload();
    await page.getByText("ci pipeline").waitFor();
    expect(await page.content()).not.toContain(secret);
    await expect.poll(() => page.getByLabel("Secret key").count()).toBe(0);
    await page.getByRole("button", { name: "Revoke ci pipeline" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect.poll(() => page.getByTestId("key-count").textContent()).toBe("0 active · 1 revoked");
    expect((await call()).status).toBe(401);
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0); // not an admin

    // An admin grants credits; the user sees the new balance.
    const admin = { email: `root-${Date.now()}@example.com`, password: "a long admin password" };
    await t.app.services.accounts.signUp(admin, { role: "admin" });
    const { context: adminContext, page: adminPage } = await newContext();
    await signIn(adminPage, admin.email, admin.password);
    await adminPage.getByRole("link", { name: "Admin", exact: true }).click();
    await adminPage.getByLabel("Search by email").fill(email);
    const row = adminPage.getByRole("listitem").filter({ hasText: email });
    await expect.poll(() => adminPage.getByRole("list", { name: "Accounts" }).getByRole("listitem").count()).toBe(1);
    await row.getByRole("button", { name: "Grant credits" }).click(); // opens the form (the toggle becomes "Close")
    await row.getByLabel("Amount").fill("50");
    await row.getByLabel("Reason").fill("beta tester");
    await row.getByRole("button", { name: "Grant credits" }).click(); // submits
    await row.getByText("New balance: 146 credits").waitFor();
    // Across accounts: usage (the user's 4 credits at least) and purchases (none: buying is off here).
    expect(Number((await adminPage.getByTestId("admin-usage").locator(".stat-value").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(4);
    await adminPage.getByTestId("admin-purchases").getByText("No credits bought yet.").waitFor();
    expect(await page.getByTestId("buy-credits").count()).toBe(0);
    await adminPage.getByLabel("Search by email").fill("");
    await expect.poll(() => adminPage.getByRole("list", { name: "Accounts" }).getByRole("listitem").count()).toBe(2);
    await shot(adminPage, "admin", "desktop");

    await page.getByRole("link", { name: "Credits", exact: true }).click();
    await expect.poll(() => balance(page).textContent()).toBe("146 credits");
    await page.getByRole("cell", { name: /beta tester/ }).waitFor();
    await expect.poll(() => lowBanner.count()).toBe(0); // above the alert again

    // An adjustment leaves 1 credit: a 2-credit generation is refused (402) next to the button,
    // with the price and the balance.
    await row.getByLabel("Action").selectOption("adjust");
    await row.getByLabel("Amount").fill("-145");
    await row.getByLabel("Reason").fill("correction");
    await row.getByRole("button", { name: "Adjust credits" }).click();
    await row.getByText("New balance: 1 credit.").waitFor();
    await page.getByRole("link", { name: "Generate", exact: true }).click();
    await page.getByLabel("Prompt").fill("golden key");
    await page.getByLabel("Agent").selectOption("icon");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const refusal = page.locator('[role="alert"][data-code="insufficient_credits"]');
    await expect.poll(() => refusal.textContent()).toContain("This call costs 2 credits; the balance is 1.");
    expect(await refusal.textContent()).toContain("Price 2 credits · balance 1.");
    await expect.poll(() => balance(page).textContent()).toBe("1 credit");
    await expect.poll(() => lowBanner.textContent()).toContain("Your balance is low: 1 credit, below your alert at 100 credits.");

    // Sign out: back to the sign-in screen, and a reload keeps it that way.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await balance(page).count()).toBe(0);

    if (screenshots) {
      // The same screens at phone width.
      const { context: phoneContext, page: p } = await newContext(phone);
      await p.goto(`${origin}/sign-in`);
      await p.getByRole("button", { name: "Sign in", exact: true }).waitFor();
      await shot(p, "sign-in", "phone");
      await signIn(p, email, password);
      await generate(p, "green slime monster", { agent: "pixel-sprite", size: "32x32", seed: "7" });
      await p.getByRole("region", { name: "Result" }).evaluate((el) => el.scrollIntoView({ block: "center" }));
      await shot(p, "generate", "phone", { keepScroll: true });
      await p.getByRole("link", { name: "History", exact: true }).click();
      await p.getByRole("img", { name: "green slime monster", exact: true }).waitFor();
      await shot(p, "history", "phone");
      await p.getByRole("link", { name: "Credits", exact: true }).click();
      await p.getByRole("cell", { name: /beta tester/ }).waitFor();
      await shot(p, "credits", "phone");
      await p.getByRole("link", { name: "API keys", exact: true }).click();
      await p.getByLabel("Key name").fill("phone");
      await p.getByRole("button", { name: "Create key" }).click();
      await p.getByLabel("Secret key").waitFor();
      await shot(p, "keys", "phone");
      await phoneContext.close();

      const { context: adminPhone, page: a } = await newContext(phone);
      await signIn(a, admin.email, admin.password);
      await a.getByRole("link", { name: "Admin", exact: true }).click();
      await expect.poll(() => a.getByRole("list", { name: "Accounts" }).getByRole("listitem").count()).toBe(2);
      await a.getByRole("list", { name: "Accounts" }).getByRole("listitem").filter({ hasText: email }).getByRole("button", { name: "Grant credits" }).click();
      await shot(a, "admin", "phone");
      await adminPhone.close();
    }

    await adminContext.close();
    await context.close();
    expect(problems).toEqual([]);
  });
});
