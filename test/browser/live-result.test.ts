// The Generate screen with an agent that streams (an OpenAI Images double sending partial images):
// every stage and percent the agent reports, and every preview, shows while the generation runs;
// when it ends, a live region says so and focus lands on the result, so Tab reaches Download.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { testImagesKey, testImagesKeyEnv, testModelAgent, writeCatalog } from "../support/model-agents.js";
import { desktop, phone, signUp, startWebBench, type WebBench } from "./browser.js";
import { describeOn } from "../support/needs.js";

interface Snapshot {
  status: string;
  percent: string;
  stages: string[];
  images: string[];
  download: boolean;
}

interface StoredEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Records what the result card shows after every change to it (window.__snapshots). */
async function recordResultCard(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __snapshots: Snapshot[] };
    w.__snapshots = [];
    const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? "";
    new MutationObserver(() => {
      const card = document.querySelector('section[aria-label="Result"]');
      if (!card) return;
      w.__snapshots.push({
        status: text('[data-testid="run-status"]'),
        percent: text('[data-testid="run-percent"]'),
        stages: [...card.querySelectorAll('ol[aria-label="Stages"] li')].map((li) => li.textContent?.trim() ?? ""),
        images: [...card.querySelectorAll("img")].map((img) => img.getAttribute("src") ?? ""),
        download: [...card.querySelectorAll("a")].some((a) => a.textContent?.trim() === "Download"),
      });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The newest generation's stored events, read through the page's session (SSE, ends when it ended). */
async function storedEvents(page: Page): Promise<StoredEvent[]> {
  const text = await page.evaluate(async () => {
    const list = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ generations(first: 1) { nodes { id } } }" }),
    }).then((r) => r.json() as Promise<{ data: { generations: { nodes: { id: string }[] } } }>);
    const id = list.data.generations.nodes[0]!.id;
    return (await fetch(`/api/v1/generations/${id}/events`, { headers: { accept: "text/event-stream" } })).text();
  });
  return text
    .split("\n\n")
    .map((block) => {
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return type && data ? { type, data: JSON.parse(data) as Record<string, unknown> } : undefined;
    })
    .filter((e): e is StoredEvent => e !== undefined);
}

const human = (stage: string) => stage.charAt(0).toUpperCase() + stage.slice(1).replace(/[-_]/g, " ");

describeOn("pglite", "the Generate screen, live", () => {
  let bench: WebBench;
  let double: OpenAiImagesDouble;
  let dir: string;

  beforeAll(async () => {
    double = await startOpenAiImagesDouble({ apiKey: testImagesKey });
    dir = await mkdtemp(join(tmpdir(), "web-live-"));
    // No `icon` agent here: the sign-in screen must not show a card for it.
    const agentsFile = await writeCatalog(
      dir,
      [testModelAgent(double.url, { timeoutMs: 10_000, maxRetries: 0, stream: true, partialImages: 2 })],
      ["pixel-sprite", "texture"],
    );
    bench = await startWebBench({ AGENTS_FILE: agentsFile, [testImagesKeyEnv]: testImagesKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
    await double?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("shows each stage, percent and preview as they arrive; then announces the result and focuses it so Tab reaches Download", {
    timeout: 60_000,
  }, async () => {
    const { context, page } = await bench.newContext(desktop);

    // The sign-in screen shows no card for an agent this service does not offer.
    await page.goto(`${bench.origin}/sign-in`);
    await expect.poll(() => page.locator(".showcase-card[data-agent=pixel-sprite] .showcase-agent").first().textContent()).toBe("Pixel sprite · 16–128 px");
    expect(await page.locator(".showcase-card[data-agent=icon]").count()).toBe(0);

    await signUp(page, bench.origin, `live-${Date.now()}@example.com`);
    const announcer = page.getByTestId("generate-announcer");
    expect(await announcer.getAttribute("aria-live")).toBe("polite");
    expect(await announcer.getAttribute("role")).toBe("status");
    const announcerBefore = await announcer.elementHandle();

    await recordResultCard(page);
    double.next(openAiReplies.stream({ partials: 2, gapMs: 500, delayMs: 300 }));
    await page.getByLabel("Prompt").fill("blue mana potion");
    await page.getByLabel("Agent").selectOption("model");
    // Keyboard only: Enter on the Generate button.
    await page.getByRole("button", { name: "Generate", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("progressbar").getAttribute("aria-valuenow"), { timeout: 20_000 }).toBe("100");
    await page.getByRole("link", { name: "Download" }).waitFor();

    // What the service sent, against what the page showed while it was running.
    const events = await storedEvents(page);
    expect(events.at(-1)?.type).toBe("generation.completed");
    const progress = events.filter((e) => e.type === "generation.progress").map((e) => ({ stage: String(e.data.stage), percent: Number(e.data.percent) }));
    const previews = events.filter((e) => e.type === "generation.preview").map((e) => `data:image/png;base64,${String(e.data.b64)}`);
    expect(progress.map((p) => p.stage)).toEqual(expect.arrayContaining(["partial image 1", "partial image 2"]));
    expect(previews).toHaveLength(2);

    const snapshots = await page.evaluate(() => (window as unknown as { __snapshots: Snapshot[] }).__snapshots);
    const running = snapshots.filter((s) => !s.download);
    // Each partial image's stage and percent were on screen before the result was, with its preview.
    for (const [i, p] of progress.filter((p) => p.stage.startsWith("partial image")).entries()) {
      const shown = running.filter((s) => s.status === `${human(p.stage)}…` && s.percent === `${p.percent} %`);
      expect(shown.length, `${p.stage} at ${p.percent} % while running`).toBeGreaterThan(0);
      expect(
        shown.some((s) => s.images.includes(previews[i]!)),
        `preview ${i + 1} beside ${p.stage}`,
      ).toBe(true);
    }
    for (const preview of previews) expect(running.some((s) => s.images.includes(preview))).toBe(true);
    // The stage list keeps every reported stage, in order, with its latest percent.
    const expected: string[] = [];
    for (const p of progress) {
      const line = `${human(p.stage)} ${p.percent} %`;
      if (expected.length > 0 && expected.at(-1)!.startsWith(`${human(p.stage)} `)) expected[expected.length - 1] = line;
      else expected.push(line);
    }
    expect(snapshots.at(-1)!.stages).toEqual(expected);
    expect(await page.getByTestId("run-status").textContent()).toBe("Done");
    expect(await page.getByTestId("run-percent").textContent()).toBe("100 %");

    // The same live region that was in the page before says the result; focus is on the result.
    expect(await announcer.evaluate((el, before) => el === before, announcerBefore)).toBe(true);
    await expect.poll(() => announcer.textContent()).toContain("Done: “blue mana potion”, 64 × 64");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Result");
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => ({
      tag: document.activeElement?.tagName,
      text: document.activeElement?.textContent?.trim(),
      href: document.activeElement?.getAttribute("href"),
    }));
    expect(focused).toMatchObject({ tag: "A", text: "Download" });
    expect(focused.href).toMatch(/^\/api\/v1\/assets\/ast_/);

    // Focus the person moved elsewhere while it ran stays there.
    double.next(openAiReplies.stream({ partials: 2, gapMs: 400, delayMs: 200 }));
    await page.getByRole("button", { name: "Generate again" }).click();
    await expect.poll(() => announcer.textContent()).toBe("Generating “blue mana potion”…");
    await page.getByLabel("Prompt").focus();
    await expect.poll(() => page.getByTestId("run-status").textContent(), { timeout: 20_000 }).toBe("Done");
    await expect.poll(() => announcer.textContent()).toContain("Done: “blue mana potion”");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("gen-prompt");

    await context.close();
    expect(bench.problems).toEqual([]);
  });

  it("at phone width, focus lands on the result too and Tab reaches Download", { timeout: 60_000 }, async () => {
    const { context, page } = await bench.newContext(phone);
    await signUp(page, bench.origin, `live-phone-${Date.now()}@example.com`);
    await page.getByLabel("Prompt").fill("green slime monster");
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    await page.getByRole("button", { name: "Generate", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("link", { name: "Download" }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Result");
    await expect.poll(() => page.getByTestId("generate-announcer").textContent()).toContain("Done: “green slime monster”");
    // The result is on screen (the page scrolled to it), and Tab goes to Download.
    const box = await page.getByRole("region", { name: "Result" }).boundingBox();
    expect(box!.y).toBeLessThan(phone.height);
    expect(box!.y + box!.height).toBeGreaterThan(0);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Download");

    // "Run again" from History: back on Generate (focus on its heading), then on the new result.
    await page.getByRole("link", { name: "History", exact: true }).click();
    await page.getByTestId("generate-announcer").evaluate((el) => {
      const said: string[] = ((window as unknown as { __said: string[] }).__said = []);
      new MutationObserver(() => said.push(el.textContent ?? "")).observe(el, { subtree: true, childList: true, characterData: true });
    });
    await page
      .getByRole("button", { name: /^Run again/ })
      .first()
      .click();
    const said = () => page.evaluate(() => (window as unknown as { __said: string[] }).__said.filter((s) => s !== ""));
    await expect
      .poll(async () => (await said()).map((s) => s.split(",")[0]), { timeout: 20_000 })
      .toEqual(["Generating “green slime monster”…", "Done: “green slime monster”"]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Result");
    await context.close();
    expect(bench.problems).toEqual([]);
  });
});
