/**
 * Texture materials: default colours, lighting strength and a renderer for each, merged from the
 * tables per category (grounds, stones, built, soft, tech).
 */
import { rgb } from "../../kit/color.js";
import { renderDirt, renderGrass, renderIce, renderLava, renderMarble, renderSand, renderSnow, renderStone, renderWater } from "./basics.js";
import { BUILT_MATERIALS } from "./built.js";
import { COAST_MATERIALS } from "./coast.js";
import { COATING_MATERIALS } from "./coatings.js";
import { GROUND_MATERIALS } from "./grounds.js";
import { renderBrick, renderBrushed, renderCobble, renderMetal, renderPlanks, renderTiles } from "./patterns.js";
import { PATTERNED_MATERIALS } from "./patterned.js";
import { SHEET_MATERIALS } from "./sheets.js";
import { SOFT_MATERIALS } from "./soft.js";
import { STONE_MATERIALS } from "./stones.js";
import type { Material } from "../surface.js";
import { TECH_MATERIALS } from "./tech.js";

export type { Material };

export const MATERIALS: Readonly<Record<string, Material>> = {
  stone: { main: rgb(0x8b8c92), second: rgb(0x5a5b62), bump: 0.55, occlusion: 0.25, render: renderStone },
  cobble: { main: rgb(0x8e8c88), second: rgb(0x4a453f), bump: 0.5, occlusion: 0.45, pattern: true, render: renderCobble },
  brick: { main: rgb(0xa04a33), second: rgb(0xb9b1a3), bump: 0.5, occlusion: 0.4, pattern: true, render: renderBrick },
  plank: { main: rgb(0xa8743f), second: rgb(0x2e1d10), bump: 0.4, occlusion: 0.35, pattern: true, render: renderPlanks },
  tile: { main: rgb(0xcfc6b6), second: rgb(0x6e675e), bump: 0.4, occlusion: 0.3, pattern: true, render: renderTiles },
  metal: { main: rgb(0x949ca6), second: rgb(0x50565e), bump: 0.5, occlusion: 0.25, render: renderMetal, inlay: renderBrushed },
  grass: { main: rgb(0x5aa83c), second: rgb(0x2e6424), bump: 0.25, occlusion: 0.45, render: renderGrass },
  sand: { main: rgb(0xdcc38c), second: rgb(0xb0915c), bump: 0.35, occlusion: 0.1, render: renderSand },
  water: { main: rgb(0x2f78c4), second: rgb(0xa8e6f8), bump: 0.15, occlusion: 0, render: renderWater },
  lava: { main: rgb(0xff6a1a), second: rgb(0x2c2220), bump: 0.5, occlusion: 0.3, glows: true, render: renderLava },
  dirt: { main: rgb(0x83593a), second: rgb(0x4a3020), bump: 0.45, occlusion: 0.3, render: renderDirt },
  snow: { main: rgb(0xf4f7fb), second: rgb(0xb4c8de), bump: 0.45, occlusion: 0.1, render: renderSnow },
  ice: { main: rgb(0x9fd6ec), second: rgb(0xeefaff), bump: 0.2, occlusion: 0.05, render: renderIce },
  marble: { main: rgb(0xebe7e0), second: rgb(0x6f7078), bump: 0, occlusion: 0, render: renderMarble },
  ...GROUND_MATERIALS,
  ...STONE_MATERIALS,
  ...BUILT_MATERIALS,
  ...SOFT_MATERIALS,
  ...TECH_MATERIALS,
  ...PATTERNED_MATERIALS,
  ...COAST_MATERIALS,
  ...SHEET_MATERIALS,
  ...COATING_MATERIALS,
};

/** Word-level aliases from the shared subject vocabulary to a material. */
export const MATERIAL_ALIASES: Readonly<Record<string, string>> = {
  wood: "plank",
  flame: "lava",
  droplet: "water",
  leaf: "forest",
  tree: "bark",
  dragon: "scales",
  scroll: "paper",
  gem: "crystal",
  coin: "coins",
  // an energy shield is a force field; a robot's body is sci-fi panelling (a sword is no surface)
  shield: "forcefield",
  robot: "panel",
  ship: "hull",
  chest: "plank",
  beast: "fur",
  bird: "feathers",
  star: "starfield",
  quartz: "crystal",
  field: "meadow",
  skin: "flesh",
  monster: "flesh",
  // words of the surface table that other families may claim as subjects of their own
  cloud: "clouds",
  smoke: "clouds",
  mountain: "stone",
  cliff: "stone",
  bush: "hedge",
  vine: "hedge",
  wheat: "hay",
  rune: "runestone",
  window: "glass",
  basket: "wicker",
  chain: "chainmail",
  feather: "feathers",
  temple: "marble",
  farm: "farmland",
  tomb: "dungeon",
  crypt: "dungeon",
  space: "starfield",
  galaxy: "starfield",
  board: "circuit",
  skull: "bone",
  skeleton: "bone",
  // things whose words the texture agent once had: the surface they stand for
  pebble: "pebbles",
  rock: "stone",
  pillar: "castle",
  tombstone: "dungeon",
  // things of the shore whose surface is drawn: rope is netting, coral a reef
  rope: "net",
  // a house's wall is its siding
  house: "siding",
  // a crate's sides are boards; a planet's surface is dust, rocks and craters
  crate: "plank",
  planet: "mars",
  // the sky is its clouds; a moon's surface grey cratered dust; a tent its canvas
  sky: "clouds",
  moon: "regolith",
  tent: "fabric",
};
