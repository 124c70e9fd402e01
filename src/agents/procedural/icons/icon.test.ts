import { describe, expect, it } from "vitest";
import { alphaAt, countAlpha, dominantHue, hueDistance, run, silhouetteDifference } from "../../../../test/support/drawing.js";

describe("icon generator", () => {
  it("colours the subject from the prompt: red potion vs blue potion", async () => {
    for (const options of [{ transparent: true }, { transparent: false }, { transparent: true, badge: "no badge" }]) {
      const suffix = "badge" in options ? `, ${options.badge}` : "";
      const red = dominantHue((await run("icon", `red potion${suffix}`, { size: 128, ...options })).image);
      const blue = dominantHue((await run("icon", `blue potion${suffix}`, { size: 128, ...options })).image);
      expect(hueDistance(red, 0)).toBeLessThan(30);
      expect(hueDistance(blue, 220)).toBeLessThan(35);
    }
  });

  it("draws different shapes for different nouns", async () => {
    const nouns = ["sword", "shield", "potion", "coin", "heart", "gem", "key", "star", "skull", "bow", "axe", "scroll", "flame", "leaf", "droplet"];
    const images = await Promise.all(nouns.map(async (noun) => (await run("icon", `${noun}, no badge`, { size: 64, transparent: true })).image));
    for (let a = 0; a < images.length; a++) {
      for (let b = a + 1; b < images.length; b++) {
        const [ia, ib] = [images[a], images[b]];
        if (ia && ib) expect(silhouetteDifference(ia, ib), `${nouns[a]} vs ${nouns[b]}`).toBeGreaterThan(0.04);
      }
    }
  });

  it("falls back to a deterministic hashed emblem for unknown nouns", async () => {
    const a = await run("icon", "zorblax", { transparent: true });
    const b = await run("icon", "zorblax", { transparent: true });
    const c = await run("icon", "quixotic wibble", { transparent: true });
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.png.equals(c.png)).toBe(false);
  });

  it("draws the badge unless the prompt says no badge / minimal", async () => {
    const withBadge = (await run("icon", "coin", { size: 128, transparent: true })).image;
    const noBadge = (await run("icon", "coin, no badge", { size: 128, transparent: true })).image;
    const minimal = (await run("icon", "minimal coin", { size: 128, transparent: true })).image;
    const clear = (img: typeof withBadge): number => countAlpha(img, (a) => a === 0);
    expect(clear(noBadge)).toBeGreaterThan(clear(withBadge) * 1.4);
    expect(clear(minimal)).toBeGreaterThan(clear(withBadge) * 1.4);
    // just inside the badge's left edge, outside the coin itself
    expect(alphaAt(withBadge, 7, 64)).toBeGreaterThan(200);
    expect(alphaAt(noBadge, 7, 64)).toBe(0);
    expect(alphaAt(minimal, 7, 64)).toBe(0);
  });

  it("picks the badge shape from style words", async () => {
    const round = (await run("icon", "round heart", { size: 128, transparent: true })).image;
    const square = (await run("icon", "square heart", { size: 128, transparent: true })).image;
    // A point near the corner is inside the rounded square but outside the circle.
    expect(alphaAt(round, 18, 18)).toBe(0);
    expect(alphaAt(square, 18, 18)).toBe(255);
  });

  it("changes the look for outline, no outline and retro styles", async () => {
    const base = await run("icon", "sword", { size: 128 });
    for (const style of ["outline sword", "sword without outline", "retro sword"]) {
      const other = await run("icon", style, { size: 128 });
      expect(other.png.equals(base.png), style).toBe(false);
    }
  });

  it("pixelates with the retro style (blocks of identical pixels)", async () => {
    const { image } = await run("icon", "retro heart", { size: 128 });
    const block = 128 / 32;
    let uniform = true;
    for (let y = 0; y < 128 && uniform; y++) {
      for (let x = 0; x < 128; x++) {
        const i = (y * 128 + x) * 4;
        const j = ((y - (y % block)) * 128 + (x - (x % block))) * 4;
        if (image.data.readUInt32BE(i) !== image.data.readUInt32BE(j)) uniform = false;
      }
    }
    expect(uniform).toBe(true);
  });

  it("follows a conversation: a later 'make it blue' recolours the icon", async () => {
    const first = await run("icon", { messages: [{ role: "user", content: "red potion" }] }, { size: 128 });
    const refined = await run(
      "icon",
      {
        messages: [
          { role: "user", content: "red potion" },
          { role: "user", content: "make it blue" },
        ],
      },
      { size: 128 },
    );
    expect(hueDistance(dominantHue(first.image), 0)).toBeLessThan(30);
    expect(hueDistance(dominantHue(refined.image), 220)).toBeLessThan(35);
  });

  it("draws a second subject as an emblem", async () => {
    const plain = (await run("icon", "blue shield", { size: 128, transparent: true, seed: 5 })).image;
    const starred = (await run("icon", "blue shield with star", { size: 128, transparent: true, seed: 5 })).image;
    expect(Buffer.compare(plain.data, starred.data)).not.toBe(0);
  });
});
