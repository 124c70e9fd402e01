/**
 * Wear and damage of things on icons (issue 39): dented, bent, torn, chipped, scratched, dirty,
 * dried, leaking, spilled, sealed, new. Which kinds of things each applies to (a sword bends, a
 * flag tears, a jug chips, a barrel leaks, a letter is sealed), the marks each draws over the thing
 * and the warps that reshape it (a bend along its long axis, a dent pushed into its rim, a vessel
 * tipped over on its side). thing-states.ts reads the words and calls these.
 */
import { rgb, type Rgb } from "../kit/color.js";
import { circle, ellipse, PathBuilder, star, type Contour, type Path, type Point } from "../kit/geometry.js";
import type { Random } from "../kit/random.js";
import { largestBodies } from "./modifiers.js";
import { rotateParts, type Fill, type Part } from "./parts.js";
import type { Box, Mark, StateMarks } from "./thing-state-marks.js";
import { poly } from "./things/kit.js";

const words = (s: string): ReadonlySet<string> => new Set(s.split(" "));

/** Hard things of metal, wood or pottery: they dent, chip and scratch. */
const HARD = words(
  "potion bucket pot mug cauldron helmet armor shield lantern barrel canister anchor bell goggles divinghelmet cell battery pan gauge " +
    "spyglass trophy crown coin medal key compass jetpack crate chest milk tumbler horseshoe mortar bomb gun rifle cannon wrench hammer " +
    "axe sword dagger katana spear pickaxe shovel trash radar microchip gamepad lock clock hourglass bolt-cutter scissors screwdriver drill " +
    "gear ring amulet bracer gauntlet boot cart wheel shipwheel tombstone statue pillar gem ore ingot seal cards wateringcan dice magnet cutlery inkwell",
);
/** Long, thin things: they bend. */
const LONG = words(
  "sword dagger katana spear trident harpoon key horseshoe anchor wrench screwdriver hook rod staff wand arrow pickaxe shovel hoe " +
    "pitchfork scythe saw axe hammer spyglass ladder sign gun rifle scissors fence lockpick pencil candle torch nail syringe umbrella cutlery screwdriver",
);
/** Pottery, glass, stone and blades: they chip. */
const CHIPPABLE = words("pot milk mug statue tombstone pillar sword dagger katana axe gem potion tumbler mortar soup honey seal");
/** Cloth and paper: they tear. */
const SOFT = words("flag banner cloak scroll map book bag backpack tent rag bandage rope poster ticket cards hat tricorn packet mail sail herbs seaweed");
/** Vessels: they leak, spill and are sealed. */
const VESSELS = words("potion bucket pot mug cauldron milk honey soup barrel canister tumbler cell");
const SEALABLE = words("potion pot milk honey barrel mail scroll map canister packet ration");
/** What dries: food, herbs, flowers and leaves. */
const DRYING = words(
  "apple bread cheese carrot meat fish grapes cherry banana pumpkin corn strawberry citrus pear tomato potato sausage mushroom turnip " +
    "icecream leaf fern sprout flower rose clover herbs seaweed vine wheat pinecone",
);

/** Whether a wear state applies to a thing drawn as `shape`; undefined when the state is not one of these. */
export function wearApplies(state: string, shape: string): boolean | undefined {
  switch (state) {
    case "dented":
    case "scratched":
      return HARD.has(shape);
    case "bent":
      return LONG.has(shape);
    case "chipped":
      return CHIPPABLE.has(shape);
    case "torn":
      return SOFT.has(shape);
    case "leaking":
    case "spilled":
      return VESSELS.has(shape);
    case "sealed":
      return SEALABLE.has(shape);
    case "dehydrated":
      return DRYING.has(shape);
    case "grimy":
    case "new":
      return true;
    default:
      return undefined;
  }
}

/** The thing's colour roles in a wear state (dried things fade to straw, dirty ones dull). */
export function wearColor(state: string): { toward: Rgb; t: number } | undefined {
  if (state === "dehydrated") return { toward: rgb(0xa08a5a), t: 0.6 };
  if (state === "grimy") return { toward: rgb(0x5a4a36), t: 0.2 };
  return undefined;
}

const on = (body: readonly Path[], mark: Mark): Mark[] => body.map((path) => ({ ...mark, outline: false, clips: [...(mark.clips ?? []), path] }));
const DARK = rgb(0x1a1420);
const WHITE = rgb(0xfffffa);
const WAX = rgb(0xb3152f);

/** A small triangular bite out of an edge at (x, y), pointing inward along (dx, dy). */
function nick(x: number, y: number, dx: number, dy: number, size: number, rng: Random): Contour {
  const [px, py] = [-dy, dx];
  const depth = size * rng.range(1.2, 2);
  return poly(
    x + px * size - dx * 0.03,
    y + py * size - dy * 0.03,
    x + dx * depth + px * size * rng.range(-0.3, 0.3),
    y + dy * depth + py * size * rng.range(-0.3, 0.3),
    x - px * size - dx * 0.03,
    y - py * size - dy * 0.03,
  );
}

/** The marks of a wear state on a thing whose largest parts are `bodies` and whose whole is `box`. */
export function wearMarksOf(state: string, bodies: readonly { path: Path; b: Box }[], box: Box, rng: Random, contents: Fill): StateMarks {
  const out: StateMarks = { behind: [], front: [], notches: [] };
  const paths = bodies.map((body) => body.path);
  const main = bodies[0]?.b ?? box;
  const [mw, mh] = [main.x1 - main.x0, main.y1 - main.y0];
  const w = box.x1 - box.x0;
  const at = (u: number, v: number): Point => [main.x0 + mw * u, main.y0 + mh * v];
  const rim = bodies[0]?.path[0] ?? [];
  const centre: Point = [(main.x0 + main.x1) / 2, (main.y0 + main.y1) / 2];
  /** Bites into the largest part's rim at `n` points spread along it, pointing at its centre. */
  const bites = (n: number, size: number): Contour[] =>
    rimPoints(rim, n, rng).map(([x, y]) => {
      const len = Math.hypot(centre[0] - x, centre[1] - y) || 1;
      return nick(x, y, (centre[0] - x) / len, (centre[1] - y) / len, size, rng);
    });
  if (state === "torn") {
    // ragged bites out of the edges and a rip into the cloth
    out.notches.push(...bites(4, 0.07));
    const [rx, ry] = at(rng.range(0.35, 0.6), 0.35);
    const rip = poly(rx, ry, rx + 0.04, ry + 0.06, rx - 0.01, ry + 0.12, rx + 0.05, ry + 0.2);
    out.front.push(...on(paths, { path: [rip], fill: "primary", color: DARK, stroke: 0.025, opacity: 0.85 }));
  } else if (state === "chipped") {
    out.notches.push(...bites(3, 0.07));
  } else if (state === "dented") {
    // the crease of the dent (the warp pushes the rim in): a shadowed arc and a lit one
    const [dx, dy] = dentCentre(rim, main);
    out.front.push(...on(paths, { path: [arc(dx, dy, mw * 0.2, 0.4, 2.2)], fill: "primary", color: DARK, stroke: 0.04, opacity: 0.7 }));
    out.front.push(...on(paths, { path: [arc(dx - 0.03, dy + 0.03, mw * 0.26, 0.5, 2.1)], fill: "primary", color: WHITE, stroke: 0.02, opacity: 0.5 }));
  } else if (state === "scratched") {
    for (let i = 0; i < rng.int(3, 5); i++) {
      const [x, y] = at(rng.range(0.15, 0.7), rng.range(0.15, 0.8));
      const len = rng.range(0.08, 0.16);
      out.front.push(...on(paths, { path: [poly(x, y, x + len, y - len * 0.5)], fill: "primary", color: WHITE, stroke: 0.024, opacity: 0.9 }));
    }
  } else if (state === "grimy") {
    for (let i = 0; i < rng.int(5, 7); i++) {
      const [x, y] = at(rng.range(0.1, 0.9), rng.range(0.3, 1));
      const r = Math.max(mw, mh) * rng.range(0.06, 0.12);
      const color = i % 2 ? rgb(0x3a2e20) : rgb(0x5a4a32);
      out.front.push(...on(paths, { path: [ellipse(x, y, r, r * 0.7, rng.range(0, 3))], fill: "primary", color, opacity: 0.8 }));
    }
  } else if (state === "dehydrated") {
    for (let i = 0; i < 4; i++) {
      const [x, y] = at(rng.range(0.15, 0.6), 0.15 + i * 0.2);
      const path = new PathBuilder(x, y).cubicTo(x + mw * 0.1, y - 0.03, x + mw * 0.2, y + 0.03, x + mw * 0.32, y).build();
      out.front.push(...on(paths, { path: [path], fill: "primary", color: rgb(0x4a3a22), stroke: 0.016, opacity: 0.7 }));
    }
  } else if (state === "leaking" || state === "spilled") {
    // a trickle from its lower side (or its mouth, tipped over) into a puddle
    const [lx, ly] = state === "leaking" ? at(0.72, 0.72) : [box.x1 - w * 0.05, (box.y0 + box.y1) / 2];
    const py = Math.min(0.93, box.y1 + 0.02);
    const px = state === "leaking" ? lx + 0.05 : lx + 0.06;
    out.front.push({ path: [ellipse(px, py, state === "leaking" ? 0.16 : 0.2, 0.04)], fill: contents, opacity: 0.9 });
    out.front.push({ path: [poly(lx, ly, lx + 0.04, ly + 0.04, px, py - 0.02)], fill: contents, stroke: 0.03 });
    for (let i = 0; i < 2; i++) out.front.push({ path: [circle(lx + 0.05 + i * 0.03, ly + 0.08 + i * 0.07, 0.02)], fill: contents, outline: false });
  } else if (state === "sealed") {
    const [sx, sy] = at(0.5, 0.45);
    const blob: Point[] = [];
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      const r = 0.085 * (i % 2 ? 0.9 : 1.05) * rng.range(0.95, 1.05);
      blob.push([sx + Math.cos(a) * r, sy + Math.sin(a) * r]);
    }
    out.front.push({ path: [blob], fill: "primary", color: WAX }, { path: [circle(sx, sy, 0.05)], fill: "primary", color: rgb(0x8a1024), outline: false });
    out.front.push({ path: [star(sx, sy, 0.035, 0.015, 5)], fill: "primary", color: rgb(0xe05a5a), outline: false });
  } else if (state === "new") {
    for (const [u, v, r] of [
      [0.95, 0.05, 0.1],
      [0.05, 0.6, 0.07],
      [0.85, 0.85, 0.08],
    ] as const) {
      out.front.push({ path: [star(box.x0 + w * u, box.y0 + (box.y1 - box.y0) * v, r, r * 0.25, 4)], fill: "primary", color: rgb(0xfff6c0), outline: false });
    }
    out.front.push(...on(paths, { path: [poly(...at(0.2, 0.2), ...at(0.35, 0.05))], fill: "primary", color: WHITE, stroke: 0.03, opacity: 0.8 }));
  }
  return out;
}

/** Where a thing is dented: the upper right of its largest part's rim. */
const dentCentre = (rim: Contour, b: Box): Point =>
  rim.reduce<Point>((best, p) => (p[0] - p[1] * 0.6 > best[0] - best[1] * 0.6 ? p : best), [b.x0 + (b.x1 - b.x0) * 0.5, b.y1]);

/** `n` points spread along a contour, from a random start. */
function rimPoints(rim: Contour, n: number, rng: Random): Point[] {
  if (rim.length < n) return [];
  const start = rng.int(0, rim.length - 1);
  return Array.from({ length: n }, (_, i) => rim[(start + Math.floor((i * rim.length) / n)) % rim.length] as Point);
}

function arc(x: number, y: number, r: number, a0: number, a1: number): Contour {
  const points: Point[] = [];
  for (let i = 0; i <= 10; i++) {
    const a = a0 + ((a1 - a0) * i) / 10;
    points.push([x + Math.cos(a) * r, y + Math.sin(a) * r]);
  }
  return points;
}

/** A contour with points added so no segment is longer than `step` (a warp then bends straight sides). */
function densify(contour: Contour, step: number): Contour {
  const out: Point[] = [];
  for (let i = 0; i < contour.length; i++) {
    const a = contour[i] as Point;
    const b = contour[(i + 1) % contour.length] as Point;
    out.push(a);
    if (i === contour.length - 1) break;
    const n = Math.floor(Math.hypot(b[0] - a[0], b[1] - a[1]) / step);
    for (let k = 1; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}

const warpParts = (parts: readonly Part[], f: (p: Point) => Point): Part[] =>
  parts.map((part) => ({
    ...part,
    path: part.path.map((c) => densify(c, 0.02).map(f)),
    ...(part.clips ? { clips: part.clips.map((clip) => clip.map((c) => densify(c, 0.02).map(f))) } : {}),
  }));

const wholeBox = (parts: readonly Part[]): Box => {
  let [x0, y0, x1, y1] = [1, 1, 0, 0];
  for (const p of parts)
    if (p.outline !== false && !p.clips)
      for (const c of p.path) for (const [x, y] of c) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  return x1 > x0 ? { x0, y0, x1, y1 } : { x0: 0.2, y0: 0.2, x1: 0.8, y1: 0.8 };
};

/** The thing's parts reshaped by its states: bent along its long axis, dented at its rim, tipped over when spilled. */
export function warpByStates(states: readonly string[], parts: readonly Part[], rng: Random): Part[] {
  let out = [...parts];
  if (states.includes("bent")) {
    // the part beyond a pivot turned aside, smoothly, as a bar bends
    const b = wholeBox(out);
    const tall = b.y1 - b.y0 >= b.x1 - b.x0;
    const angle = (rng.chance(0.5) ? 1 : -1) * rng.range(0.6, 0.75);
    const [px, py] = [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
    const span = tall ? b.y1 - b.y0 : b.x1 - b.x0;
    out = warpParts(out, ([x, y]) => {
      const along = tall ? py - y : x - px;
      const t = Math.max(0, Math.min(1, along / (span * 0.1)));
      const a = angle * t * t * (3 - 2 * t);
      const [dx, dy] = [x - px, y - py];
      return [px + dx * Math.cos(a) - dy * Math.sin(a), py + dx * Math.sin(a) + dy * Math.cos(a)];
    });
  }
  if (states.includes("dented")) {
    const body = largestBodies(["primary"], out, true)[0];
    const b = body?.b ?? wholeBox(out);
    const [dx, dy] = dentCentre(body?.p.path[0] ?? [], b);
    const [cx, cy] = [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
    const r = Math.max(b.x1 - b.x0, b.y1 - b.y0) * 0.28;
    const depth = r * 0.6;
    out = warpParts(out, ([x, y]) => {
      const d = Math.hypot(x - dx, y - dy);
      if (d >= r) return [x, y];
      const k = (1 - d / r) ** 2 * depth;
      const len = Math.hypot(cx - x, cy - y) || 1;
      return [x + ((cx - x) / len) * k, y + ((cy - y) / len) * k];
    });
  }
  if (states.includes("spilled")) out = rotateParts(out, 80);
  return out;
}
