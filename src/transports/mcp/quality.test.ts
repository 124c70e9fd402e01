import { describe, expect, it } from "vitest";
import { describeQuality, percent } from "./quality.js";

const pico = { name: "pico-8", colors: ["#000000", "#1d2b53"] };
const sprite = { colors: 12, paletteCompliance: 1, alphaCoverage: 0.4512, bbox: { x: 3, y: 0, width: 45, height: 61 }, edgeContrast: 0.1234 };

describe("describeQuality", () => {
  it("says the figures of a sprite on a named palette, and that nothing is off", () => {
    expect(describeQuality(sprite, { kind: "image", palette: pico, generationId: "gen_1" })).toBe(
      "Quality (measured on the PNG): 12 colours, all in pico-8 (100 %); covers 45 % of the image, bbox 45×61 at (3,0); edge contrast 0.12 (not flat). Nothing looks off.",
    );
  });

  it("names a custom palette by its size, and says when none was asked", () => {
    expect(describeQuality(sprite, { kind: "image", palette: { colors: ["#000000", "#ffffff", "#ff0000"] }, generationId: "gen_1" })).toContain(
      "12 colours, all in the asked 3-colour palette (100 %)",
    );
    expect(describeQuality(sprite, { kind: "image", generationId: "gen_1" })).toContain("12 colours (no palette asked);");
  });

  it("warns about a flat fill, an almost empty asset, a blank one, a seam and pixels off the palette", () => {
    const flat = describeQuality(
      { ...sprite, alphaCoverage: 1, bbox: { x: 0, y: 0, width: 64, height: 64 }, edgeContrast: 0.004 },
      { kind: "image", generationId: "g" },
    );
    expect(flat).toContain("covers all of the image (no transparency); edge contrast 0.00 (flat)");
    expect(flat).toContain("Warning: It looks flat or blank");
    const sparse = describeQuality({ ...sprite, alphaCoverage: 0.011 }, { kind: "sheet", generationId: "g" });
    expect(sparse).toContain("Warning: It is almost empty: only 1 % of the sheet is opaque.");
    const blank = describeQuality({ colors: 0, paletteCompliance: 1, alphaCoverage: 0, bbox: null, edgeContrast: 0 }, { kind: "image", generationId: "g" });
    expect(blank).toContain("no pixel of the image is opaque");
    expect(blank).toContain("Warning: It is blank");
    expect(blank).not.toContain("flat or blank"); // one warning for one problem
    const seam = describeQuality({ ...sprite, tileabilityScore: 1.42 }, { kind: "image", generationId: "g" });
    expect(seam).toContain("tileability 1.42 when tiled 2×2");
    expect(seam).toContain("Warning: It may show a seam when tiled");
    expect(describeQuality({ ...sprite, tileabilityScore: 1.1 }, { kind: "image", generationId: "g" })).not.toContain("Warning");
    const tiles = describeQuality({ ...sprite, seamScore: 2.1 }, { kind: "tileset", generationId: "g" });
    expect(tiles).toContain("Warning: Tile edges may show on a map (seam score 2.10");
    const stray = describeQuality({ ...sprite, paletteCompliance: 0.9996 }, { kind: "image", palette: pico, generationId: "gen_x" });
    expect(stray).toContain("12 colours, 99.96 % of the opaque pixels in pico-8");
    expect(stray).toContain("this should not happen");
    expect(stray).toContain("report generation gen_x");
  });

  it("is empty for an asset without a report", () => {
    expect(describeQuality(undefined, { kind: "image", generationId: "g" })).toBe("");
  });

  it("never rounds a miss up to 100 %", () => {
    expect(percent(1)).toBe("100");
    expect(percent(0.99999)).toBe("99.99");
    expect(percent(0.4512)).toBe("45");
    expect(percent(0.004)).toBe("0.40");
  });
});
