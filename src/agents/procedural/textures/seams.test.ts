import { describe, expect, it } from "vitest";
import { interpretTexture } from "./reading.js";
import { probeSubjects } from "../words/knows.js";
import { seams, within } from "../tilesets/seam-measure.js";

/**
 * Textures wrap: the tile edge is no different from a line inside the tile (seam-measure.ts says
 * how that is measured); about 0 `z` for a texture that wraps, 0.3 to 1 for the Worley cells that
 * used to run along the tile edge (water, lava, granite, cave...).
 */

describe("textures wrap", () => {
  // the ones whose Worley cells crowded along the tile edge (kit/noise.ts), one prompt per material
  const FIXED = ["water", "pool", "lava", "granite", "obsidian", "cave", "ice", "gem", "rock"];

  it.each(FIXED)("%s: no seam at 64 and 128 px over 8 seeds", async (prompt) => {
    const s = await seams(prompt, [64, 128], [1, 2, 3, 4, 5, 6, 7, 8]);
    expect(within(s, 1.1, 0.3), `${prompt}: ${JSON.stringify(s)}`).toBe(true);
  });

  it("every surface the agent knows: no strong seam at 64 px over 3 seeds", { timeout: 30_000 }, async () => {
    // three drawings are a small sample: sparse bright features (stars, snow glints) move a single
    // line a lot, so the bounds only catch a seam as strong as the old water and lava ones
    const failing: string[] = [];
    for (const subject of probeSubjects(interpretTexture)) {
      const s = await seams(subject, [64], [1, 2, 3]);
      if (!within(s, 1.6, 1.5)) failing.push(`${subject}: ${JSON.stringify(s)}`);
    }
    expect(failing).toEqual([]);
  });
});
