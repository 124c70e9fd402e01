// Uploads in the web client, in a real browser: a PNG dropped on History's "Your art" panel (a drop
// event carrying a DataTransfer with a File) is stored (POST /api/v1/uploads, cookie auth) and listed
// among the generations with its name and thumbnail, free; its thumbnail is the uploaded pixels. An
// SVG dropped there is refused with the service's own message (415) and nothing is listed or charged.
// "Recolour…" on the upload's tile starts a palette swap that joins History.
// SCREENSHOTS=1 also writes docs/screenshots/uploads.png.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOn } from "../support/needs.js";
import { repo, signUp, startWebBench, type WebBench } from "./browser.js";

/** Drops one file (its bytes, name and type) on the page's dropzone, as a browser's drag and drop does. */
const dropFile = (page: Page, file: { base64: string; name: string; type: string }) =>
  page.getByTestId("dropzone").evaluate((zone, f) => {
    const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], f.name, { type: f.type }));
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, file);

const accountOf = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { account { balance } } generations(first: 50) { nodes { id agentId prompt } } }" }),
    });
    const data = (
      (await answer.json()) as { data: { viewer: { account: { balance: number } }; generations: { nodes: { agentId: string; prompt: string }[] } } }
    ).data;
    return { balance: data.viewer.account.balance, generations: data.generations.nodes };
  });

describeOn("pglite", "uploads in the web client", () => {
  let bench: WebBench;

  beforeAll(async () => {
    bench = await startWebBench();
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
  });

  it("lists a dropped PNG in History with its pixels, refuses a dropped SVG with the service's message", { timeout: 90_000 }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "uploads-drop@example.com");
    await page.goto(`${bench.origin}/history`);
    await page.getByTestId("dropzone").waitFor();
    const before = await accountOf(page);
    expect(before.generations).toHaveLength(0);

    // A 48×32 picture: left half red, right half blue, fully opaque.
    const png = await sharp({ create: { width: 48, height: 32, channels: 4, background: { r: 220, g: 40, b: 40, alpha: 1 } } })
      .composite([{ input: { create: { width: 24, height: 32, channels: 4, background: { r: 30, g: 60, b: 230, alpha: 1 } } }, left: 24, top: 0 }])
      .png()
      .toBuffer();
    await dropFile(page, { base64: png.toString("base64"), name: "castle-hero.png", type: "image/png" });

    const uploads = page.getByRole("list", { name: "Uploads" });
    await uploads.getByText("Added · 48×32").waitFor();
    const gallery = page.getByRole("list", { name: "Generations" });
    await gallery.getByText("castle-hero", { exact: true }).waitFor();
    const tile = gallery.getByRole("listitem").filter({ hasText: "castle-hero" });
    await expect(tile.getByRole("link", { name: "Download castle-hero" }).getAttribute("href")).resolves.toMatch(/^\/api\/v1\/assets\/ast_/);
    await expect(tile.getByRole("button", { name: "Run again: castle-hero" }).count()).resolves.toBe(0);

    // The thumbnail is the uploaded picture: its natural size and the colour on each side.
    const pixels = await tile.locator("img").evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const c = canvas.getContext("2d", { willReadFrequently: true })!;
      c.drawImage(img, 0, 0);
      const at = (x: number, y: number) => [...c.getImageData(x, y, 1, 1).data];
      return { width: img.naturalWidth, height: img.naturalHeight, left: at(3, 16), right: at(44, 16) };
    });
    expect(pixels).toEqual({ width: 48, height: 32, left: [220, 40, 40, 255], right: [30, 60, 230, 255] });

    const afterPng = await accountOf(page);
    expect(afterPng.balance).toBe(before.balance);
    expect(afterPng.generations).toEqual([expect.objectContaining({ agentId: "upload", prompt: "castle-hero" })]);

    // An SVG: the service's 415, its message shown on the file's row; nothing stored.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await dropFile(page, { base64: Buffer.from(svg).toString("base64"), name: "logo.svg", type: "image/svg+xml" });
    const refusal = uploads.getByRole("listitem").filter({ hasText: "logo.svg" }).getByRole("alert");
    await refusal.waitFor();
    await expect(refusal.getAttribute("data-code")).resolves.toBe("unsupported_media_type");
    const message = await refusal.innerText();
    expect(message).toMatch(/Uploads take PNG, JPEG, WebP or GIF images/);
    const afterSvg = await accountOf(page);
    expect(afterSvg.generations).toHaveLength(1);
    expect(afterSvg.balance).toBe(before.balance);

    if (process.env.SCREENSHOTS === "1") {
      await mkdir(join(repo, "docs/screenshots"), { recursive: true });
      const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
      await sharp(shot).png({ palette: true, colours: 256, dither: 0.6, effort: 10, compressionLevel: 9 }).toFile(join(repo, "docs/screenshots/uploads.png"));
    }

    // Recolour the upload from its tile: a palette swap joins History.
    await tile.getByRole("button", { name: "Recolour: castle-hero" }).click();
    await tile.getByRole("button", { name: "Recolour", exact: true }).click();
    await expect.poll(async () => (await accountOf(page)).generations.length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => gallery.getByRole("listitem").count()).toBe(2);

    expect(bench.problems).toEqual([]);
    await context.close();
  });
});
