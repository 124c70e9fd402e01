/**
 * Words that change a known thing's drawing (issue 39): a "frothy" mug's head of foam, "rye" bread's
 * dark crust, "hops" (a green cone), boots "with spurs", a "pearl-handled" gun's white grip, a radar's
 * "ping", a rock "sample" tagged with a label, a candle "burned halfway", a pearl in an "open" shell, a
 * cheese wheel with a slice missing, a "barbed" harpoon. Each wraps the thing's own recipe.
 */
import { circle, ellipse, PathBuilder, rect, roundRect, star } from "../../kit/geometry.js";
import { largestBodies } from "../modifiers.js";
import type { IconShape, Part } from "../parts.js";
import { bar, detail, line, poly, shadeRight, solid } from "./kit.js";

const has = (words: ReadonlySet<string> | undefined, list: readonly string[]): boolean => list.some((w) => words?.has(w));
type Box = { x0: number; y0: number; x1: number; y1: number };
const bodyOf = (parts: readonly Part[]): Box => largestBodies(["primary"], parts, true)[0]?.b ?? { x0: 0.25, y0: 0.25, x1: 0.75, y1: 0.75 };

/** The shape with `extra` parts added (or its parts changed) when one of `words` is named. */
function variant(
  shape: IconShape,
  words: readonly string[],
  change: (parts: Part[], b: Box, named: ReadonlySet<string>) => Part[],
  colour?: (w: ReadonlySet<string>) => string | undefined,
): IconShape {
  return {
    ...shape,
    reads: [...(shape.reads ?? []), ...words],
    ...(colour ? { primaryFor: (w: ReadonlySet<string>) => colour(w) ?? shape.primaryFor?.(w) } : {}),
    build(rng, hasEmblem, named) {
      const parts = shape.build(rng, hasEmblem, named);
      return named && has(named, words) ? change(parts, bodyOf(parts), named) : parts;
    },
  };
}

const FROTH = ["frothy", "foamy", "foaming", "foam", "frothing"];
/** A head of foam heaped over the brim, running down the side. */
export const frothy = (mug: IconShape): IconShape =>
  variant(mug, FROTH, (parts, b) => {
    const [x0, x1, y] = [b.x0, b.x1, b.y0];
    const foam: Part[] = [];
    for (let i = 0; i < 5; i++) foam.push(solid(circle(x0 + ((x1 - x0) * (i + 0.5)) / 5, y - 0.02 - (i % 2) * 0.03, (x1 - x0) * 0.14), "light"));
    foam.push(solid(roundRect(x1 - 0.08, y, 0.06, 0.16, 0.03), "light"), detail(circle(x0 + 0.1, y - 0.06, 0.02), "glass"));
    return [...parts, ...foam];
  });

const DARK_BREADS = ["rye", "pumpernickel", "wholemeal", "wholegrain", "wholewheat", "sourdough", "brown"];
/** Dark breads: a brown crust, seeds scattered on it. */
export const grained = (bread: IconShape): IconShape =>
  variant(
    bread,
    DARK_BREADS.filter((w) => w !== "brown"),
    (parts, b) => {
      const seeds: Part[] = [];
      for (let i = 0; i < 7; i++)
        seeds.push(detail(ellipse(b.x0 + (b.x1 - b.x0) * (0.15 + i * 0.11), b.y0 + (b.y1 - b.y0) * (0.25 + (i % 3) * 0.12), 0.018, 0.01, 0.6), "accent"));
      return [...parts, ...seeds];
    },
    (w) => (has(w, ["rye", "pumpernickel"]) ? "brown" : has(w, ["wholemeal", "wholegrain", "wholewheat", "sourdough"]) ? "bronze" : undefined),
  );

const SPURS = ["spur", "spurs", "spurred"];
/** Boots with spurs: a toothed rowel on a strap at the heel. */
export const spurred = (boot: IconShape): IconShape =>
  variant(boot, SPURS, (parts, b) => {
    const [hx, hy] = [b.x0 + 0.02, b.y1 - 0.1];
    return [
      ...parts,
      bar(poly(hx + 0.02, hy, hx - 0.08, hy), "metal", 0.03),
      solid(star(hx - 0.11, hy, 0.07, 0.03, 8), "metal"),
      detail(circle(hx - 0.11, hy, 0.02), "metal-"),
      detail(rect(hx, hy - 0.03, 0.1, 0.03), "metal-"),
    ];
  });

/** A pearl-handled gun: its grip (the wood) is mother-of-pearl. */
export const pearlGrip = (gun: IconShape): IconShape =>
  variant(gun, ["pearlhandled"], (parts) =>
    parts.flatMap((p) =>
      p.fill.startsWith("wood")
        ? [{ ...p, fill: "light" as const }, detail(p.path, "glass", { opacity: 0.45, clips: [[rect(0, 0, 0.5, 1)], ...(p.clips ?? [])] })]
        : [p],
    ),
  );

const PINGS = ["ping", "pings", "pulse", "blip", "blips", "echo"];
/** A radar's or sonar's ping: rings spreading out from the blip. */
export const pinged = (radar: IconShape): IconShape =>
  variant(radar, PINGS, (parts, b) => {
    const [cx, cy] = [(b.x0 + b.x1) / 2 + 0.1, (b.y0 + b.y1) / 2 - 0.08];
    const rings: Part[] = [solid(circle(cx, cy, 0.04), "accent")];
    for (const r of [0.09, 0.15, 0.21]) rings.push(line(circle(cx, cy, r, 40), "accent", 0.016, { opacity: 1 - r * 2.5 }));
    return [...parts, ...rings];
  });

const SAMPLES = ["sample", "samples", "specimen", "specimens"];
/** A sample: a paper tag tied on with a string. */
export const tagged = (shape: IconShape): IconShape =>
  variant(shape, SAMPLES, (parts, b) => {
    const [tx, ty] = [b.x1 - 0.06, b.y1 - 0.02];
    const tag = poly(tx, ty, tx + 0.16, ty - 0.02, tx + 0.18, ty + 0.1, tx + 0.02, ty + 0.12);
    return [
      ...parts,
      line(poly(b.x1 - 0.12, b.y1 - 0.12, tx + 0.02, ty + 0.04), "dark", 0.012),
      solid(tag, "light"),
      detail(circle(tx + 0.03, ty + 0.04, 0.012), "dark"),
      detail(rect(tx + 0.06, ty + 0.03, 0.09, 0.015), "dark", { opacity: 0.6 }),
      detail(rect(tx + 0.06, ty + 0.065, 0.07, 0.015), "dark", { opacity: 0.6 }),
    ];
  });

const BURNED_DOWN = ["burned", "burnt", "halfway", "stub", "used", "spent", "down"];
/** A candle burned down: the top of its wax (and the flame) lowered halfway, a pool of wax run down its side. */
export const burnedDown = (candle: IconShape): IconShape =>
  variant(candle, BURNED_DOWN, (parts, b) => {
    const cut = b.y0 + (b.y1 - b.y0) * 0.5;
    const drop = cut - b.y0;
    const lower = (c: readonly (readonly [number, number])[]) => c.map(([x, y]) => [x, y < cut ? y + drop : y] as const);
    const out: Part[] = parts.map((p) => ({ ...p, path: p.path.map(lower), ...(p.clips ? { clips: p.clips.map((c) => c.map(lower)) } : {}) }));
    out.push(solid(roundRect(b.x1 - 0.05, cut, 0.04, 0.12, 0.02), "primary+"), solid(ellipse(b.x1 - 0.03, cut + 0.12, 0.03, 0.02), "primary+"));
    return out;
  });

/** A pearl in an open shell: the shell forced, its upper half lifted wide open. */
export const openShell = (pearl: IconShape): IconShape =>
  variant(pearl, ["open", "opened", "gaping"], (parts) => {
    const lift = (c: readonly (readonly [number, number])[]) => c.map(([x, y]) => [x, y < 0.56 ? y - (0.56 - y) * 0.25 - 0.04 : y] as const);
    return parts.map((p) => ({ ...p, path: p.path.map(lift) }));
  });

/** A whole cheese wheel; with a slice missing, the wedge cut out shows the paler inside. */
export const cheeseWheel = (cheese: IconShape): IconShape => ({
  ...cheese,
  reads: [...(cheese.reads ?? []), "cutwedge"],
  build(rng, hasEmblem, words) {
    const cut = words?.has("cutwedge") ?? false;
    if (!words?.has("wheel") && !cut) return cheese.build(rng, hasEmblem, words);
    const [cx, cy, rx, ry, h] = [0.5, 0.42, 0.4, 0.16, 0.26];
    const side = new PathBuilder(cx - rx, cy)
      .lineTo(cx - rx, cy + h)
      .quadTo(cx, cy + h + ry * 2, cx + rx, cy + h)
      .lineTo(cx + rx, cy)
      .build();
    const parts: Part[] = [solid(side, "secondary"), shadeRight(side, "secondary-", cx + rx * 0.4), solid(ellipse(cx, cy, rx, ry), "primary")];
    if (cut) {
      // the missing wedge: a notch from the centre to the front edge, its cut faces showing
      const [ax, bx] = [cx + rx * 0.15, cx + rx * 0.85];
      parts.push(
        solid(poly(cx, cy, ax, cy + ry * 0.98, ax, cy + ry + h * 0.9, cx, cy + h), "primary-"),
        solid(poly(cx, cy, bx, cy + ry * 0.55, bx, cy + ry * 0.55 + h, cx, cy + h), "primary"),
        detail(circle(cx + rx * 0.35, cy + ry + h * 0.5, 0.03), "secondary+"),
      );
    }
    for (let i = 0; i < 3; i++) parts.push(detail(ellipse(cx - rx * 0.5 + i * 0.12, cy + rng.range(-0.04, 0.04), 0.03, 0.015), "primary-"));
    return parts;
  },
});

/** A barbed harpoon: more barbs turned back along its head. */
export const barbed = (harpoon: IconShape): IconShape =>
  variant(harpoon, ["barbed", "barb", "barbs"], (parts, b) => {
    const barbs: Part[] = [];
    // the head points up and to the right: barbs back along the shaft from the top end
    const [tx, ty] = [b.x1 - 0.04, b.y0 + 0.04];
    for (const k of [0.12, 0.2]) {
      const [x, y] = [tx - k, ty + k];
      barbs.push(solid(poly(x, y, x - 0.02, y + 0.09, x + 0.02, y + 0.02), "metal"), solid(poly(x, y, x - 0.09, y + 0.02, x - 0.02, y - 0.02), "metal"));
    }
    return [...parts, ...barbs];
  });
