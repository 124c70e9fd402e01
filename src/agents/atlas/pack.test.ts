import { describe, expect, it } from "vitest";
import { type PackItem, PackTooLargeError, packRects } from "./pack.js";

/** A kit-like mix: sheet frames, extruded tiles, a few larger images. */
function kitRects(n = 500): PackItem[] {
  const items: PackItem[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 10 === 9) items.push({ w: 32, h: 32, extrude: 1 });
    else if (i % 25 === 3) items.push({ w: 48, h: 48 });
    else if (i % 50 === 7) items.push({ w: 64, h: 64 });
    else items.push({ w: 32, h: 32 });
  }
  return items;
}

function assertNoOverlap(items: readonly PackItem[], result: ReturnType<typeof packRects>, padding: number): void {
  const cells = result.rects.map((r, i) => {
    const e = items[i]!.extrude ?? 0;
    return { page: r.page, x0: r.x - e, y0: r.y - e, x1: r.x + r.w + e, y1: r.y + r.h + e };
  });
  const bad: string[] = [];
  for (const [i, a] of cells.entries()) {
    const page = result.pages[a.page]!;
    if (a.x0 < padding || a.y0 < padding || a.x1 + padding > page.width || a.y1 + padding > page.height) bad.push(`${i} outside`);
    for (const [j, b] of cells.entries()) {
      if (j <= i || a.page !== b.page) continue;
      const apart = a.x1 + padding <= b.x0 || b.x1 + padding <= a.x0 || a.y1 + padding <= b.y0 || b.y1 + padding <= a.y0;
      if (!apart) bad.push(`${i}/${j} overlap`);
    }
  }
  expect(bad).toEqual([]);
}

describe("packRects", () => {
  it("places every rectangle once, apart by the padding, inside its page", () => {
    const items = kitRects(200);
    const result = packRects(items, { maxSize: 2048, padding: 2, powerOfTwo: false });
    expect(result.rects).toHaveLength(200);
    expect(result.rects.every((r, i) => r.index === i && r.w === items[i]!.w && r.h === items[i]!.h)).toBe(true);
    assertNoOverlap(items, result, 2);
    expect(result.pages).toHaveLength(1);
  });

  it("rounds pages up to powers of two when asked", () => {
    const result = packRects(kitRects(100), { maxSize: 2048, padding: 2, powerOfTwo: true });
    for (const page of result.pages) {
      expect(Math.log2(page.width) % 1).toBe(0);
      expect(Math.log2(page.height) % 1).toBe(0);
    }
  });

  it("spills onto more pages when one page of maxSize cannot hold them", () => {
    const items = Array.from({ length: 40 }, () => ({ w: 60, h: 60 }));
    const result = packRects(items, { maxSize: 256, padding: 4, powerOfTwo: true });
    expect(result.pages.length).toBeGreaterThan(1);
    for (const page of result.pages) expect(Math.max(page.width, page.height)).toBeLessThanOrEqual(256);
    assertNoOverlap(items, result, 4);
  });

  it("packs tightly: a grid of equal squares leaves little waste", () => {
    const items = Array.from({ length: 64 }, () => ({ w: 30, h: 30 }));
    const result = packRects(items, { maxSize: 1024, padding: 2, powerOfTwo: false });
    const page = result.pages[0]!;
    // 64 cells of 32 × 32 fit an 8 × 8 grid: 258 × 258 with the border.
    expect(page.width * page.height).toBeLessThanOrEqual(258 * 258 * 1.1);
  });

  it("refuses a rectangle no page can hold, naming it", () => {
    expect(() =>
      packRects(
        [
          { w: 8, h: 8 },
          { w: 600, h: 8 },
        ],
        { maxSize: 512, padding: 2, powerOfTwo: true },
      ),
    ).toThrow(PackTooLargeError);
    try {
      packRects(
        [
          { w: 8, h: 8 },
          { w: 600, h: 8 },
        ],
        { maxSize: 512, padding: 2, powerOfTwo: true },
      );
    } catch (error) {
      expect((error as PackTooLargeError).index).toBe(1);
    }
  });
});
