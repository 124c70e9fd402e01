// Palettes in the web client, in a real browser: the form's picker (no palette, each named palette
// as swatches with its name and colour count, custom colours), the result drawn with it (every
// opaque pixel of the PNG, read back through a canvas, is one of the palette's colours), the
// quality report under it in words and numbers, History's line and "Edit" carrying the palette
// back, and a malformed custom colour refused by the service's own 400 (naming palette.<i>)
// before anything is charged. "Recolour…" on a result maps it onto another palette (GraphQL
// recolorAsset) for the recolour price.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NAMED_PALETTES } from "../../src/agents/palette/named.js";
import { signUp, startWebBench, type WebBench } from "./browser.js";
import { describeOn } from "../support/needs.js";

const gql = <T>(page: Page, query: string) =>
  page.evaluate(async (q) => {
    const answer = await fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: q }) });
    return ((await answer.json()) as { data: unknown }).data;
  }, query) as Promise<T>;

const accountOf = async (page: Page) => {
  const data = await gql<{ viewer: { account: { balance: number } }; generations: { nodes: unknown[] } }>(
    page,
    "{ viewer { account { balance } } generations(first: 50) { nodes { id } } }",
  );
  return { balance: data.viewer.account.balance, generations: data.generations.nodes.length };
};

/** The result image's pixels, drawn at its natural size onto a canvas in the page: its opaque colours (#rrggbb) and the alpha values seen. */
const resultPixels = (page: Page, alt: string) =>
  page.evaluate(async (name) => {
    const img = [...document.querySelectorAll<HTMLImageElement>('section[aria-label="Result"] img')].find((i) => i.alt === name);
    if (!img) throw new Error(`no result image "${name}"`);
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const colors = new Set<string>();
    const alphas = new Set<number>();
    let opaque = 0;
    for (let i = 0; i < data.length; i += 4) {
      alphas.add(data[i + 3]!);
      if (data[i + 3]! === 0) continue;
      opaque++;
      colors.add(`#${[data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, "0")).join("")}`);
    }
    return { width: canvas.width, height: canvas.height, opaque, colors: [...colors].sort(), alphas: [...alphas].sort((a, b) => a - b) };
  }, alt);

/** RECOLOR_CREDITS on this bench: not the drawing's price (1 credit with pixel-sprite), so the drop says which was charged. */
const recolorCredits = 2;

describeOn("pglite", "palettes in the web client", () => {
  let bench: WebBench;

  beforeAll(async () => {
    bench = await startWebBench({ RECOLOR_CREDITS: String(recolorCredits) });
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
  });

  it("draws a pixel sprite in PICO-8: every opaque pixel one of its 16 colours, 100 % compliance, and Edit brings PICO-8 back", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "palette-pico8@example.com");
    await page.getByLabel("Agent").selectOption("pixel-sprite");

    // The picker: "No palette" first and chosen, then each named palette with its swatches and count, then Custom…
    const picker = page.getByRole("group", { name: "Palette" });
    const radios = picker.getByRole("radio");
    expect(await radios.count()).toBe(2 + Object.keys(NAMED_PALETTES).length);
    expect(await picker.getByRole("radio", { name: /^No palette/ }).isChecked()).toBe(true);
    const labels: Record<string, string> = {
      "pico-8": "PICO-8",
      "endesga-32": "Endesga 32",
      db32: "DB32",
      "sweetie-16": "Sweetie 16",
      gameboy: "Game Boy",
      nes: "NES",
      "resurrect-64": "Resurrect 64",
    };
    for (const [name, colors] of Object.entries(NAMED_PALETTES)) {
      const radio = picker.getByRole("radio", { name: new RegExp(`^${labels[name]} ${colors.length} colours$`) });
      expect(await radio.count(), name).toBe(1);
      const option = picker.locator("label").filter({ has: page.getByRole("radio", { name: new RegExp(`^${labels[name]} `) }) });
      // one swatch per colour, in the published order, painted in that colour
      const swatches = await option
        .locator(".swatch")
        .evaluateAll((spans) => spans.map((s) => [s.getAttribute("data-color"), getComputedStyle(s).backgroundColor]));
      expect(swatches.map(([hex]) => hex)).toEqual(colors);
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
      expect(swatches.map(([, css]) => css)).toEqual(colors.map(rgb));
    }

    // keyboard: from "No palette", the down arrow chooses PICO-8
    await picker.getByRole("radio", { name: /^No palette/ }).focus();
    await page.keyboard.press("ArrowDown");
    const pico = picker.getByRole("radio", { name: /^PICO-8/ });
    expect(await pico.isChecked()).toBe(true);
    expect(await pico.evaluate((el) => el === document.activeElement)).toBe(true);

    const prompt = "red health potion, glossy";
    await page.getByLabel("Prompt").fill(prompt);
    const before = await accountOf(page);
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const result = page.getByRole("region", { name: "Result" });
    await result.getByTestId("quality").waitFor({ timeout: 30_000 });

    // the PNG, read back pixel by pixel: only PICO-8's colours, transparency on or off (pixel art)
    const pixels = await resultPixels(page, prompt);
    expect(pixels.opaque).toBeGreaterThan(0);
    const pico8 = new Set(NAMED_PALETTES["pico-8"]);
    expect(pixels.colors.filter((c) => !pico8.has(c))).toEqual([]);
    expect(pixels.alphas.every((a) => a === 0 || a === 255)).toBe(true);

    // the quality report, in words and numbers
    const quality = result.getByTestId("quality");
    expect(await quality.getByTestId("quality-compliance").textContent()).toBe("100 % of opaque pixels in PICO-8");
    expect(await quality.getByTestId("quality-colors").textContent()).toBe(`${pixels.colors.length} distinct colour${pixels.colors.length === 1 ? "" : "s"}`);
    expect(await quality.getByTestId("palette-used").textContent()).toBe("PICO-8 · 16 colours");
    expect(await quality.getByTestId("palette-used").locator(".swatch").count()).toBe(16);
    const coverage = Math.round((pixels.opaque / (pixels.width * pixels.height)) * 100);
    expect(await quality.getByTestId("quality-coverage").textContent()).toMatch(new RegExp(`^(${coverage}|< 1) % of pixels opaque$`));
    expect(await quality.getByTestId("quality-bbox").textContent()).toMatch(/^\d+ × \d+ px at \(\d+, \d+\)$/);
    expect(await quality.getByTestId("quality-contrast").textContent()).toMatch(/^\d\.\d\d · shaded, not a flat fill$/);
    expect(await quality.getByTestId("quality-tileability").count()).toBe(0);

    // charged once; the generation says which palette it used
    const after = await accountOf(page);
    expect(after.generations).toBe(before.generations + 1);
    expect(after.balance).toBeLessThan(before.balance);
    const used = await gql<{ generations: { nodes: { palette: { name: string; colors: string[] }; assets: { quality: { paletteCompliance: number } }[] }[] } }>(
      page,
      "{ generations(first: 1) { nodes { palette assets { quality { paletteCompliance } } } } }",
    );
    expect(used.generations.nodes[0]).toEqual({
      palette: { name: "pico-8", colors: NAMED_PALETTES["pico-8"] },
      assets: [{ quality: { paletteCompliance: 1 } }],
    });

    // History says it too, and "Edit" brings PICO-8 back to the form
    await page.getByRole("navigation").getByRole("link", { name: "History" }).click();
    const gallery = page.getByRole("list", { name: "Generations" });
    const line = gallery.getByTestId("tile-quality").first();
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^100 % in PICO-8 · \d+ colours? · /);
    expect(await line.locator(".swatch").count()).toBe(16);
    await gallery.getByRole("button", { name: `Edit settings: ${prompt}` }).click();
    await expect
      .poll(() =>
        page
          .getByRole("group", { name: "Palette" })
          .getByRole("radio", { name: /^PICO-8/ })
          .isChecked(),
      )
      .toBe(true);
    expect(bench.problems).toEqual([]);
    await context.close();
  });

  it("draws with 4 custom colours typed one per line or with commas; Generate again, Edit and Run again keep them", { timeout: 90_000 }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "palette-custom@example.com");
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    const picker = page.getByRole("group", { name: "Palette" });
    // by keyboard: the field for colours is the next stop after the chosen "Custom…"
    await picker.getByRole("radio", { name: /^No palette/ }).focus();
    await page.keyboard.press("ArrowUp");
    expect(await picker.getByRole("radio", { name: /^Custom…/ }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    const field = page.getByLabel("Custom colours");
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    const colors = ["#1a1c2c", "#ff004d", "#29adff", "#ffec27"];
    await field.fill(`${colors[0]}, ${colors[1]}\n${colors[2]}\n${colors[3]}`);
    expect(
      await picker
        .locator("label")
        .filter({ has: page.getByRole("radio", { name: /^Custom…/ }) })
        .textContent(),
    ).toContain("4 colours");

    const prompt = "green slime monster";
    await page.getByLabel("Prompt").fill(prompt);
    // the dry run accepts it: the price shows and no refusal
    await expect.poll(() => page.locator("#gen-price").textContent()).toMatch(/^Costs \d+ credits?/);
    await page.waitForTimeout(600);
    expect(await page.getByTestId("palette-refusal").count()).toBe(0);

    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const result = page.getByRole("region", { name: "Result" });
    await result.getByTestId("quality").waitFor({ timeout: 30_000 });
    const pixels = await resultPixels(page, prompt);
    expect(pixels.opaque).toBeGreaterThan(0);
    expect(pixels.colors.filter((c) => !colors.includes(c))).toEqual([]);
    expect(pixels.alphas.every((a) => a === 0 || a === 255)).toBe(true);
    const quality = result.getByTestId("quality");
    expect(await quality.getByTestId("quality-compliance").textContent()).toBe("100 % of opaque pixels in Custom");
    expect(await quality.getByTestId("palette-used").textContent()).toBe("Custom · 4 colours");
    expect(
      await quality
        .getByTestId("palette-used")
        .locator(".swatch")
        .evaluateAll((s) => s.map((e) => e.getAttribute("data-color"))),
    ).toEqual(colors);

    // "Generate again" sends the same palette (a new seed)
    await page.getByRole("button", { name: "Generate again" }).click();
    await expect.poll(async () => (await accountOf(page)).generations).toBe(2);
    await expect.poll(() => page.getByTestId("run-status").textContent(), { timeout: 30_000 }).toBe("Done");
    const both = await gql<{ generations: { nodes: { palette: { name: string | null; colors: string[] } }[] } }>(
      page,
      "{ generations(first: 2) { nodes { palette } } }",
    );
    expect(both.generations.nodes.map((g) => g.palette)).toEqual([{ colors }, { colors }]);

    // History's "Edit" brings the custom colours back
    await page.getByRole("navigation").getByRole("link", { name: "History" }).click();
    const gallery = page.getByRole("list", { name: "Generations" });
    await gallery.getByTestId("tile-quality").first().waitFor();
    expect(await gallery.getByTestId("tile-quality").first().textContent()).toMatch(/^100 % in Custom · /);
    await gallery
      .getByRole("button", { name: `Edit settings: ${prompt}` })
      .first()
      .click();
    await expect
      .poll(() =>
        page
          .getByRole("group", { name: "Palette" })
          .getByRole("radio", { name: /^Custom…/ })
          .isChecked(),
      )
      .toBe(true);
    expect(await page.getByLabel("Custom colours").inputValue()).toBe(colors.join(", "));

    // and History's "Run again" generates with them at once
    await page.getByRole("navigation").getByRole("link", { name: "History" }).click();
    await gallery
      .getByRole("button", { name: `Run again: ${prompt}` })
      .first()
      .click();
    await expect.poll(async () => (await accountOf(page)).generations).toBe(3);
    const newest = await gql<{ generations: { nodes: { palette: { colors: string[] } }[] } }>(page, "{ generations(first: 1) { nodes { palette } } }");
    expect(newest.generations.nodes[0]!.palette).toEqual({ colors });
    expect(bench.problems).toEqual([]);
    await context.close();
  });

  it("shows the service's 400 for a malformed custom colour, naming palette.<i>, and Generate charges nothing", { timeout: 60_000 }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "palette-malformed@example.com");
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    await page.getByLabel("Prompt").fill("golden key");
    await page
      .getByRole("group", { name: "Palette" })
      .getByRole("radio", { name: /^Custom…/ })
      .check();
    const field = page.getByLabel("Custom colours");
    await field.fill("#1a1c2c, #zz0000, #29adff");
    const before = await accountOf(page);

    // the dry run (as it is typed) refuses it: the message is the service's, shown under the field
    const refusal = page.getByTestId("palette-refusal");
    await refusal.waitFor();
    const message = 'palette.1: Colour 1 is "#zz0000": each colour must be "#" and six hex digits, #rrggbb (e.g. "#ff004d").';
    expect(await refusal.textContent()).toBe(message);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.getAttribute("aria-describedby")).toContain("gen-palette-error");

    // Generate asks the service, which answers the same 400 and charges nothing
    const answer = page.waitForResponse((r) => r.url().endsWith("/graphql") && (r.request().postData() ?? "").includes("mutation Generate"));
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const body = (await (await answer).json()) as { errors?: { message: string; extensions?: { code?: string; param?: string } }[] };
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: "invalid_request", param: "palette.1" } });
    expect(await refusal.textContent()).toBe(message);
    expect(await page.getByRole("region", { name: "Result" }).getByTestId("quality").count()).toBe(0);
    expect(await accountOf(page)).toEqual(before);

    // a short form the service explains; fixing it clears the refusal
    await field.fill("#1a1c2c, #f00, #29adff");
    await expect.poll(() => refusal.textContent()).toContain('palette.1: Colour 1 is "#f00"');
    expect(await refusal.textContent()).toContain('Write the short form in full: "#ff0000".');
    await field.fill("#1a1c2c, #ff0000, #29adff");
    await expect.poll(() => refusal.count()).toBe(0);
    expect(await field.getAttribute("aria-invalid")).toBeNull();
    expect(await accountOf(page)).toEqual(before);
    expect(bench.problems).toEqual([]);
    await context.close();
  });

  it("recolours a finished result onto Game Boy: every opaque pixel one of its 4 colours, the same size and coverage, the recolour price charged once", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "palette-recolor@example.com");
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    await page
      .getByRole("group", { name: "Palette" })
      .getByRole("radio", { name: /^PICO-8/ })
      .check();
    const prompt = "blue knight with a shield";
    await page.getByLabel("Prompt").fill(prompt);
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const result = page.getByRole("region", { name: "Result" });
    await result.getByTestId("quality").waitFor({ timeout: 30_000 });
    const drawn = await resultPixels(page, prompt);
    const before = await accountOf(page);

    // "Recolour…" opens the picker under the result: no "No palette", a named palette chosen, Game Boy picked
    await result.getByRole("button", { name: "Recolour…" }).click();
    const panel = page.getByRole("form", { name: "Recolour" });
    const picker = panel.getByRole("group", { name: "New palette" });
    expect(await picker.getByRole("radio", { name: /^No palette/ }).count()).toBe(0);
    expect(await picker.getByRole("radio", { name: /^PICO-8/ }).isChecked()).toBe(false);
    await picker.getByRole("radio", { name: /^Game Boy 4 colours$/ }).check();
    const answer = page.waitForResponse((r) => r.url().endsWith("/graphql") && (r.request().postData() ?? "").includes("mutation Recolor"));
    await panel.getByRole("button", { name: "Recolour", exact: true }).click();
    expect(((await (await answer).json()) as { errors?: unknown[] }).errors).toBeUndefined();

    // the new result: a palette swap of the same size, every opaque pixel a Game Boy green
    await result.getByTestId("recolor-note").waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("run-status").textContent()).toBe("Done");
    expect(await result.getByTestId("recolor-note").textContent()).toContain("Recoloured onto Game Boy");
    expect(await page.getByRole("form", { name: "Recolour" }).count()).toBe(0);
    const pixels = await resultPixels(page, prompt);
    expect([pixels.width, pixels.height]).toEqual([drawn.width, drawn.height]);
    expect(pixels.opaque).toBe(drawn.opaque);
    const gameboy = new Set(NAMED_PALETTES.gameboy);
    expect(pixels.colors.filter((c) => !gameboy.has(c))).toEqual([]);
    expect(pixels.colors.length).toBeLessThanOrEqual(4);
    const quality = result.getByTestId("quality");
    expect(await quality.getByTestId("quality-compliance").textContent()).toBe("100 % of opaque pixels in Game Boy");

    // one new generation, the recolour price and nothing more; the balance shown agrees
    await expect.poll(async () => (await accountOf(page)).balance).toBe(before.balance - recolorCredits);
    expect((await accountOf(page)).generations).toBe(before.generations + 1);
    const newest = await gql<{ generations: { nodes: { palette: { name: string }; credits: { charged: number } }[] } }>(
      page,
      "{ generations(first: 1) { nodes { palette credits { charged } } } }",
    );
    expect(newest.generations.nodes[0]).toMatchObject({ palette: { name: "gameboy" }, credits: { charged: recolorCredits } });
    expect(bench.problems).toEqual([]);
    await context.close();
  });
});
