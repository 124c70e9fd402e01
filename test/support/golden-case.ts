/**
 * One case of the procedural drivers' golden hashes (src/agents/procedural/golden.json): what
 * golden.test.ts beside it checks and scripts/record-golden.ts records.
 */
import type { AgentJob, AgentMessage, SheetRequest, TilesetRequest } from "../../src/agents/driver.js";
import { isPaletteName, NAMED_PALETTES } from "../../src/agents/palette/named.js";

export interface GoldenCase {
  agent: "pixel-sprite" | "icon" | "texture";
  prompt?: string;
  messages?: AgentMessage[];
  seed: number;
  /** The image's side; a sheet's frame or a tileset's tile. */
  size: number;
  transparent: boolean;
  sheet?: SheetRequest;
  tileset?: TilesetRequest;
  /** A named palette (palette/named.ts) or `#rrggbb` colours. */
  palette?: string | string[];
  /** Absent in a case not recorded yet (`record-golden.ts --new` records it). */
  sha256?: string;
}

export const driverOf = { "pixel-sprite": "procedural-sprite", icon: "procedural-icon", texture: "procedural-texture" } as const;

/** The job a case asks of its driver. */
export function goldenJob(c: GoldenCase): AgentJob {
  let palette: AgentJob["palette"];
  if (typeof c.palette === "string") {
    if (!isPaletteName(c.palette)) throw new Error(`unknown palette ${c.palette}`);
    palette = { name: c.palette, colors: [...NAMED_PALETTES[c.palette]] };
  } else if (c.palette) {
    palette = { colors: c.palette };
  }
  return {
    prompt: c.prompt,
    messages: c.messages,
    width: c.size,
    height: c.size,
    transparent: c.transparent,
    seed: c.seed,
    options: {},
    ...(c.sheet ? { sheet: c.sheet } : {}),
    ...(c.tileset ? { tileset: c.tileset } : {}),
    ...(palette ? { palette } : {}),
  };
}
