/**
 * States of things on icons (issue 39): a recipe per state acting on the thing's parts and colour
 * roles, where the state applies to the kind of thing it is (food is burnt, rotten or bitten, a
 * light is lit or out, a vessel empty or full, a door or box open or shut; anything can be wet,
 * melting or smoking). A state that does not apply is left unread, so it is reported ignored.
 * The words are words/states.ts'; the marks are drawn by thing-state-marks.ts.
 */
import { mix, rgb, type Rgb } from "../kit/color.js";
import { transformPath, type Affine, type Contour } from "../kit/geometry.js";
import type { Canvas } from "../kit/raster.js";
import type { Random } from "../kit/random.js";
import { bounds, largestBodies } from "./modifiers.js";
import type { Part, Role } from "./parts.js";
import { type MaskPool, type PartColors, renderParts } from "./render.js";
import { type Mark, marksOf, type StateMarks } from "./thing-state-marks.js";
import { wearApplies, wearColor, wearMarksOf } from "./thing-state-wear.js";
import { BROKEN_WORDS, HALF_WORDS, stateOf } from "../words/states.js";
import { tokensOf, type PromptSpec } from "../words/prompt.js";

/** Kinds of things, by icon shape name: what states each can be in. */
const FOOD = new Set(
  (
    "apple bread cheese carrot meat drumstick fish pie cake cookie grapes cherry banana pumpkin corn donut icecream candy pizza " +
    "burger strawberry watermelon citrus pear tomato potato sausage egg mushroom coconut turnip acorn honey soup"
  ).split(" "),
);
/** Food that is eaten cooked: raw or cooked says how it is drawn. */
const COOKABLE = new Set("meat drumstick fish egg sausage potato bread pie cake cookie pizza burger corn mushroom carrot pumpkin turnip".split(" "));
/** Things of wood, paper or cloth that can be burnt. */
const BURNABLE = new Set("book scroll map log chair table barrel crate door cart sign banner fence ladder bookshelf bed basket wheel torch".split(" "));
/** Electronics: they burn out. */
const ELECTRONIC = new Set("microchip battery radar gamepad speaker cell disk drill".split(" "));
/** Things that are raw before they are refined or cut (ore, gems). */
const ROUGH = new Set(["ore", "gem"]);
/** Lights and the roles their flame is drawn in. */
const FLAME_ROLES: Readonly<Record<string, readonly Role[]>> = {
  candle: ["accent"],
  lantern: ["accent"],
  torch: ["primary", "accent"],
  campfire: ["primary", "accent"],
};
/** Things lit by a fuse: lit, a flame sparks on top. */
const FUSED = new Set(["bomb", "cannon", "dynamite", "firework", "rocket"]);
/** Vessels and the role their contents are drawn in, with what shows when they are empty. */
const VESSELS: Readonly<Record<string, { contents: readonly Role[]; inside: Role | Rgb }>> = {
  potion: { contents: ["primary"], inside: "glass" },
  mug: { contents: ["primary", "accent"], inside: rgb(0x3a2418) },
  bucket: { contents: ["accent"], inside: rgb(0x2a2a30) },
  soup: { contents: ["primary"], inside: rgb(0xe8e0d0) },
  cauldron: { contents: ["accent"], inside: rgb(0x24202a) },
  milk: { contents: ["light"], inside: "glass" },
  honey: { contents: ["primary"], inside: rgb(0x3a2a18) },
  tumbler: { contents: ["primary"], inside: "glass" },
};
/** Doors and boxes: open shows the inside, closed a bar or a strap and lock. */
const DOORS = new Set(["door", "window", "gate"]);
const BOXES = new Set(["crate", "book", "bag", "barrel", "chest", "pot", "backpack"]);

export interface ThingState {
  /** Canonical state. */
  name: string;
  /** The prompt words that named it ("half eaten": both). */
  words: string[];
}

/** Whether `state` applies to a thing drawn as `shape`. */
export function stateApplies(state: string, shape: string): boolean {
  switch (state) {
    case "cooked":
      return COOKABLE.has(shape);
    case "raw":
      // raw meat; raw (unrefined) ore and uncut gems
      return COOKABLE.has(shape) || ROUGH.has(shape);
    case "burnt":
      return FOOD.has(shape) || BURNABLE.has(shape) || ELECTRONIC.has(shape);
    case "rotten":
    case "bitten":
      return FOOD.has(shape);
    case "lit":
      return FLAME_ROLES[shape] !== undefined || FUSED.has(shape);
    case "unlit":
      return FLAME_ROLES[shape] !== undefined;
    case "empty":
    case "full":
      return VESSELS[shape] !== undefined;
    case "open":
    case "closed":
      return DOORS.has(shape) || BOXES.has(shape);
    case "wet":
    case "melting":
    case "smoking":
    case "broken":
      return true;
    default:
      // wear and damage: dented, bent, torn... (thing-state-wear.ts)
      return wearApplies(state, shape) ?? true;
  }
}

/**
 * The words of a prompt that may name a state: its other words, "broken" (also the cracked style's word)
 * and a surface subject that is a state of a thing ("dried" lavender is read as the parched ground's word).
 */
export const stateWordsOf = (spec: PromptSpec): string[] => [
  ...spec.otherWords,
  ...new Set(tokensOf(spec.text).filter((t) => BROKEN_WORDS.has(t))),
  ...spec.subjects.filter((s) => SUBJECT_STATES[s] !== undefined),
];
/** Surface subjects that name a state of a thing named with them ("dried" lavender, "dirty" or "muddy" boots). */
const SUBJECT_STATES: Readonly<Record<string, string>> = { parched: "dehydrated", dirt: "grimy", mud: "grimy" };

/**
 * The states the prompt's other words name that apply to `shape` (none for a fallback), each
 * once, skipping the words the shape itself reads ("open" on a chest draws its own open chest).
 * The later of two contradicting states wins ("lit" and "unlit" are not both drawn).
 */
export function thingStates(otherWords: readonly string[], shape: string | undefined, reads: readonly string[] = []): ThingState[] {
  if (shape === undefined) return [];
  const states: ThingState[] = [];
  for (const word of otherWords) {
    const name = stateOf(word) ?? SUBJECT_STATES[word];
    if (name === undefined || reads.includes(word) || !stateApplies(name, shape)) continue;
    const same = states.find((s) => s.name === name);
    if (same) {
      same.words.push(word);
      continue;
    }
    const rival = states.findIndex((s) => s.name === OPPOSITES[name]);
    if (rival >= 0) states.splice(rival, 1);
    states.push({ name, words: [word] });
  }
  // "half eaten": half of it bitten away
  const bite = states.find((s) => s.name === "bitten");
  if (bite) bite.words.push(...otherWords.filter((w) => HALF_WORDS.has(w) && !reads.includes(w)));
  return states;
}

const OPPOSITES: Readonly<Record<string, string>> = {
  lit: "unlit",
  unlit: "lit",
  empty: "full",
  full: "empty",
  open: "closed",
  closed: "open",
  raw: "cooked",
  cooked: "raw",
};

const toward = (roles: Record<Role, Rgb>, names: readonly Role[], color: Rgb, t: number): void => {
  for (const role of names) roles[role] = mix(roles[role], color, t);
};

/** The thing's colour roles in its states: charred, mottled, browned, out, drained. */
export function stateRoles(states: readonly ThingState[], shape: string, base: Readonly<Record<Role, Rgb>>): Record<Role, Rgb> {
  const roles: Record<Role, Rgb> = { ...base };
  for (const { name } of states) {
    if (name === "burnt") toward(roles, ["primary", "secondary", "accent", "wood"], rgb(0x3a2418), 0.6);
    else if (name === "rotten") toward(roles, ["primary", "secondary"], rgb(0x7a7a2e), 0.5);
    else if (name === "cooked") toward(roles, ["primary"], rgb(0xa0582a), 0.5);
    else if (name === "raw" && ROUGH.has(shape)) toward(roles, ["primary", "secondary"], rgb(0x6a6258), 0.3);
    else if (name === "raw") toward(roles, ["primary"], rgb(0xe8747e), 0.4);
    else if (wearColor(name)) {
      const { toward: color, t } = wearColor(name) ?? { toward: rgb(0), t: 0 };
      toward(roles, ["primary", "secondary", "accent"], color, t);
    } else if (name === "wet") toward(roles, ["primary", "secondary"], rgb(0x203040), 0.18);
    else if (name === "unlit") toward(roles, FLAME_ROLES[shape] ?? [], rgb(0x6e6e76), 0.9);
    else if (name === "empty") {
      const vessel = VESSELS[shape];
      if (!vessel) continue;
      const inside = typeof vessel.inside === "string" ? roles[vessel.inside] : vessel.inside;
      for (const role of vessel.contents) roles[role] = inside;
    }
  }
  return roles;
}

/** What a state draws on a thing of this shape: which of thing-state-marks.ts' marks. */
export function stateMarkOf(state: string, shape: string): string {
  if (state === "open" && shape === "book") return "open-book";
  if (state === "open" || state === "closed") return `${state}-${DOORS.has(shape) ? "door" : "box"}`;
  if (state === "lit" && FUSED.has(shape)) return "lit-fuse";
  if (state === "broken") return "broken";
  // raw ore is drawn duller and rougher (its colour roles), with no meat's streaks
  if (state === "raw" && ROUGH.has(shape)) return "none";
  return state;
}

/** The contents role of a vessel (for "full": the brim's colour). */
export const contentsRole = (shape: string): Role => VESSELS[shape]?.contents[0] ?? "primary";

/** The marks of every state on the thing's parts (its largest parts of `roles` first). */
export function planStateMarks(states: readonly ThingState[], shape: string, parts: readonly Part[], roles: readonly Role[], rng: Random): StateMarks {
  const all: StateMarks = { behind: [], front: [], notches: [] };
  if (states.length === 0) return all;
  const bodies = largestBodies(roles, parts, true).map(({ p, b }) => ({ path: p.path, b }));
  const solid = parts.filter((p) => p.outline !== false && !p.clips).map(bounds);
  const box = solid.reduce((a, b) => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) }), {
    x0: 1,
    y0: 1,
    x1: 0,
    y1: 0,
  });
  const whole = box.x1 > box.x0 ? box : { x0: 0.2, y0: 0.2, x1: 0.8, y1: 0.8 };
  for (const state of states) {
    const big = state.words.some((w) => HALF_WORDS.has(w));
    const rngOf = rng.fork(state.name);
    const marks =
      wearApplies(state.name, shape) !== undefined
        ? wearMarksOf(state.name, bodies, whole, rngOf, contentsRole(shape))
        : marksOf(big ? "half-bitten" : stateMarkOf(state.name, shape), bodies, whole, rngOf, contentsRole(shape));
    all.behind.push(...marks.behind);
    all.front.push(...marks.front);
    all.notches.push(...marks.notches);
  }
  return all;
}

/** Paints marks: those of a colour of their own in it, the others in the thing's roles. */
export function renderMarks(canvas: Canvas, pool: MaskPool, marks: readonly Mark[], m: Affine, box: number, colors: PartColors): void {
  for (const mark of marks) {
    const { color, ...part } = mark;
    const roles = color ? (Object.fromEntries(Object.keys(colors.roles).map((r) => [r, color])) as Record<Role, Rgb>) : colors.roles;
    renderParts(canvas, pool, [part], m, box, { ...colors, roles }, { outlineWidth: part.outline === false ? 0 : Math.max(1, box * 0.02) });
  }
}

/** Erases the notches from what was drawn since `before` (a copy of the canvas's pixels): a bite shows what lies behind. */
export function eraseNotches(canvas: Canvas, before: Uint8Array, pool: MaskPool, notches: readonly Contour[], m: Affine): void {
  if (notches.length === 0) return;
  const mask = pool.shape;
  mask.clear();
  mask.fill(transformPath(notches, m), "nonzero");
  const { data } = canvas;
  for (let i = 0; i < canvas.width * canvas.height; i++) {
    const t = mask.data[i] ?? 0;
    if (t <= 0) continue;
    for (let c = 0; c < 4; c++) data[i * 4 + c] = Math.round((data[i * 4 + c] ?? 0) * (1 - t) + (before[i * 4 + c] ?? 0) * t);
  }
  mask.clear();
}
