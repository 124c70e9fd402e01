// What the screens say is true: the sign-in screen's cards give each agent's real sizes (from
// GET /api/ai/agents, here a catalog whose icon agent makes 128–256 px only), a sign-in error is a
// sentence without its machine code, the keys page after revoking the only key does not claim there
// were none, the agent picker's label fits a phone, and the product is "AssetForge" everywhere.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { writeCatalog } from "../support/model-agents.js";
import { desktop, phone, signUp, startWebBench, type WebBench } from "./browser.js";
import { describeOn } from "../support/needs.js";

interface AgentView {
  id: string;
  name: string;
  credits: number;
  sizes: { width: number; height: number }[];
}

const brand = "AssetForge";

/** Every product-like name the page shows, other than the brand, is a bug. */
async function expectOnlyTheBrand(page: Page, screen: string): Promise<void> {
  expect(await page.title(), screen).toMatch(/(^| · )AssetForge$/);
  const text = await page.evaluate(() => document.body.innerText);
  expect(text, screen).not.toMatch(/asset[- ]?gen(eration)?[- ]?service|assetgen|asset forge/i);
}

describeOn("pglite", "what the screens say", () => {
  let bench: WebBench;
  let dir: string;
  let agents: AgentView[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "web-truth-"));
    const icon = { id: "icon", driver: "procedural-icon", sizes: [128, 256].map((e) => ({ width: e, height: e })), defaultSize: { width: 128, height: 128 } };
    const agentsFile = await writeCatalog(dir, [icon], ["pixel-sprite", "texture"]);
    bench = await startWebBench({ AGENTS_FILE: agentsFile });
    agents = ((await (await fetch(`${bench.origin}/api/ai/agents`)).json()) as { agents: AgentView[] }).agents;
    expect(agents.map((a) => a.id).sort()).toEqual(["icon", "pixel-sprite", "texture"]);
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("the sign-in screen: the brand, each card's agent with its real sizes, and an error without its code", { timeout: 60_000 }, async () => {
    for (const viewport of [desktop, phone]) {
      const { context, page } = await bench.newContext(viewport);
      await page.goto(`${bench.origin}/sign-in`);
      await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
      expect(await page.locator(".auth-brand .brand-name").textContent()).toBe(brand);
      await expectOnlyTheBrand(page, `sign-in at ${viewport.width}`);

      // Each card names its agent as the API does, with the agent's smallest and largest edge.
      const cards = page.locator(".showcase-card");
      await expect.poll(() => page.locator(".showcase-agent").first().textContent()).not.toBe("\u00a0");
      expect(await cards.count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        const card = cards.nth(i);
        const id = await card.getAttribute("data-agent");
        const agent = agents.find((a) => a.id === id)!;
        const edges = agent.sizes.map((s) => s.width);
        expect(await card.locator(".showcase-agent").textContent()).toBe(`${agent.name} · ${Math.min(...edges)}–${Math.max(...edges)} px`);
      }
      expect(await page.locator(".showcase-card[data-agent=icon] .showcase-agent").textContent()).toBe("Flat icon · 128–256 px");

      // A wrong password: a sentence, tied to the field, without the machine code.
      await page.getByLabel("Email").fill(`nobody-${viewport.width}@example.com`);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      const alert = page.getByRole("alert");
      await alert.waitFor();
      const code = await alert.getAttribute("data-code");
      expect(code).toBe("unauthenticated");
      const text = (await alert.innerText()).trim();
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toContain(code);
      expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/); // no snake_case code of any kind
      expect(await page.getByLabel("Email").getAttribute("aria-describedby")).toBe("auth-error");
      await context.close();
    }
    expect(bench.problems).toEqual([]);
  });

  it("after revoking the only key, the keys page lists it as revoked and says no key is active", { timeout: 60_000 }, async () => {
    const { context, page } = await bench.newContext(desktop);
    await signUp(page, bench.origin, `keys-${Date.now()}@example.com`);
    await page.getByRole("link", { name: "API keys", exact: true }).click();
    await expectOnlyTheBrand(page, "keys");
    await expect.poll(() => page.getByTestId("key-count").textContent()).toBe("0 active");
    expect(await page.getByText("No active keys. Create one above.").isVisible()).toBe(true);

    await page.getByLabel("Key name").fill("only key");
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = (await page.getByRole("textbox", { name: "Secret key" }).textContent())!.trim();
    await expect.poll(() => page.getByTestId("key-count").textContent()).toBe("1 active");
    expect(await page.getByText("No active keys").count()).toBe(0);

    // Cancel: nothing changes, and focus goes back to the Revoke button.
    await page.getByRole("button", { name: "Revoke only key" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Revoke only key");
    expect(await page.getByTestId("key-count").textContent()).toBe("1 active");

    await page.getByRole("button", { name: "Revoke only key" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect.poll(() => page.getByTestId("key-count").textContent()).toBe("0 active · 1 revoked");
    const row = page.getByRole("list", { name: "API keys" }).getByRole("listitem").filter({ hasText: "only key" });
    expect(await row.innerText()).toMatch(/Revoked\s+just now/);
    expect(await page.getByRole("button", { name: "Revoke only key" }).count()).toBe(0);
    expect(await page.getByText("No active keys. Create one above.").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/no keys yet/i);
    // Focus did not fall to <body>: it is on the list's heading, and a status message says what happened.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Your keys");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "revoked" }).textContent()).toBe("“only key” is revoked.");
    expect((await fetch(`${bench.origin}/api/v1/credits`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

    // After a reload the API lists active keys only: none, and the page says exactly that.
    await page.reload();
    await expect.poll(() => page.getByTestId("key-count").textContent()).toBe("0 active");
    expect(await page.getByText("only key").count()).toBe(0);
    expect(await page.getByText("No active keys. Create one above.").isVisible()).toBe(true);
    await context.close();
    expect(bench.problems).toEqual([]);
  });

  it("the agent picker shows every agent's whole label at 390 and 360 px and on a desktop; the sizes are said below it", { timeout: 60_000 }, async () => {
    for (const viewport of [phone, { width: 360, height: 740 }, desktop]) {
      const { context, page } = await bench.newContext(viewport);
      await signUp(page, bench.origin, `picker-${viewport.width}-${Date.now()}@example.com`);
      await expectOnlyTheBrand(page, `generate at ${viewport.width}`);
      // The header's brand link is named at every width (at phone width its text is hidden, the mark stays).
      expect(await page.getByRole("banner").getByRole("link", { name: brand, exact: true }).isVisible()).toBe(true);
      const select = page.getByLabel("Agent");
      for (const agent of agents) {
        await select.selectOption(agent.id);
        // The text the closed select shows, measured in its own font, against the room it has.
        const fit = await select.evaluate((el: HTMLSelectElement) => {
          const style = getComputedStyle(el);
          const context2d = document.createElement("canvas").getContext("2d")!;
          context2d.font = style.font;
          const label = el.selectedOptions[0]!.label;
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { label, width: context2d.measureText(label).width, room, overflow: el.scrollWidth - el.clientWidth };
        });
        expect(fit.label).toBe(`${agent.name} · ${agent.credits} credit${agent.credits === 1 ? "" : "s"}`);
        expect(fit.width, `"${fit.label}" at ${viewport.width} px`).toBeLessThanOrEqual(fit.room);
        expect(fit.overflow).toBeLessThanOrEqual(0);
        const edges = agent.sizes.map((s) => s.width);
        expect(await page.locator("#gen-agent-hint .hint-strong").textContent()).toBe(`${Math.min(...edges)}–${Math.max(...edges)} px.`);
        const describedBy = await select.getAttribute("aria-describedby");
        expect(describedBy).toBe("gen-agent-hint");
      }
      await context.close();
    }
    expect(bench.problems).toEqual([]);
  });
});
