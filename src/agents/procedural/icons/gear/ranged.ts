/** Icon shapes of ranged and thrown weapons: crossbow, arrow, quiver, shuriken, slingshot, boomerang. */
import { circle, ellipse, PathBuilder, rect, regularPolygon, roundRect, star, type Contour } from "../../kit/geometry.js";
import { detail, fill, haft, line, lit, outsideOf, pts, ribbon, curve } from "./kit.js";
import { rotateParts, type Fill, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";

/** One arrow pointing up, from the tip at y = top to the nock at y = bottom, centred on x. */
export function arrowParts(rng: Random, x: number, top: number, bottom: number, scale = 1, feathers: Fill = "primary"): Part[] {
  const hw = 0.075 * scale;
  const headKind = rng.int(0, 2);
  const headLen = 0.16 * scale;
  const head: Contour =
    headKind === 0
      ? pts(x, top, x + hw, top + headLen, x, top + headLen * 0.8, x - hw, top + headLen)
      : headKind === 1
        ? new PathBuilder(x, top)
            .quadTo(x + hw * 1.3, top + headLen * 0.6, x, top + headLen)
            .quadTo(x - hw * 1.3, top + headLen * 0.6, x, top)
            .build()
        : pts(x, top, x + hw * 0.8, top + headLen * 0.5, x + hw * 0.3, top + headLen, x - hw * 0.3, top + headLen, x - hw * 0.8, top + headLen * 0.5);
  const fletchLen = rng.range(0.16, 0.22) * scale;
  const fw = rng.range(0.06, 0.09) * scale;
  const fletch = (dir: number): Contour =>
    pts(x, bottom - fletchLen - 0.04 * scale, x + dir * fw, bottom - fletchLen + 0.02 * scale, x + dir * fw, bottom, x, bottom - 0.05 * scale);
  return [
    ...haft(x, top + headLen * 0.7, x, bottom, 0.022 * scale),
    fill(fletch(-1), feathers),
    fill(fletch(1), `${feathers}-` as Fill),
    fill(head, "metal"),
    lit(head, "metal+", x),
  ];
}

export const crossbow: IconShape = {
  primary: "brown",
  secondary: "silver",
  accent: "red",
  build(rng) {
    const span = rng.range(0.36, 0.44);
    const bend = rng.range(0.06, 0.14);
    const limbs = ribbon(curve(0.5 - span, 0.36 + bend, 0.5, 0.1 - bend * 0.6, 0.5 + span, 0.36 + bend), 0.06);
    const stock = new PathBuilder(0.46, 0.12).lineTo(0.54, 0.12).lineTo(0.56, 0.66).lineTo(0.6, 0.94).lineTo(0.4, 0.94).lineTo(0.44, 0.66).build();
    const parts: Part[] = [
      line(0.5 - span + 0.01, 0.36 + bend, 0.5, 0.52, 0.012, "light--"),
      line(0.5 + span - 0.01, 0.36 + bend, 0.5, 0.52, 0.012, "light--"),
      fill(stock, "wood"),
      lit(stock, "wood+", 0.49),
      fill(limbs, "secondary"),
      detail(ribbon(curve(0.5 - span, 0.35 + bend, 0.5, 0.09 - bend * 0.6, 0.5 + span, 0.35 + bend), 0.02), "secondary+"),
      fill(roundRect(0.45, 0.2, 0.1, 0.1, 0.02), "secondary-"),
      fill(pts(0.47, 0.6, 0.53, 0.6, 0.52, 0.72, 0.48, 0.72), "dark"),
    ];
    if (rng.chance(0.7)) parts.push(...arrowParts(rng, 0.5, -0.06, 0.5, 0.75));
    if (rng.chance(0.5)) parts.push(fill(roundRect(0.42, 0.8, 0.16, 0.05, 0.02), "accent"));
    return rotateParts(parts, rng.pick([0, 30, -30]));
  },
};

/** A UI arrow (bold, flat) pointing up; rotated by the caller. */
function uiArrow(rng: Random): Part[] {
  const shaft = rng.range(0.13, 0.18);
  const headW = rng.range(0.36, 0.42);
  const headY = rng.range(0.44, 0.52);
  const rounded = rng.chance(0.5);
  const body = pts(0.5, 0.1, 0.5 + headW, headY, 0.5 + shaft, headY, 0.5 + shaft, 0.9, 0.5 - shaft, 0.9, 0.5 - shaft, headY, 0.5 - headW, headY);
  const parts: Part[] = [fill(body, "primary")];
  if (rounded) parts.push({ path: [body], fill: "primary", stroke: 0.06 });
  parts.push(detail(body, "primary-", { clips: [[rect(0.5, -1, 2, 3)]] }));
  return parts;
}

/** Direction words an arrow reads, with the angle they turn an up-pointing UI arrow by. */
const DIRECTIONS: Readonly<Record<string, number>> = {
  up: 0,
  upward: 0,
  upwards: 0,
  right: 90,
  next: 90,
  rightward: 90,
  down: 180,
  downward: 180,
  downwards: 180,
  left: 270,
  back: 270,
  leftward: 270,
};

/** Words that make a bundle of arrows. */
const BUNDLE_WORDS = ["bundle", "bunch", "stack", "pile", "sheaf"];

/** "arrow" alone is the weapon ("bundle of arrows": several, tied); with a direction word ("arrow up", "back arrow", "next") a UI arrow. */
export const arrow: IconShape = {
  primary: "white",
  secondary: "brown",
  accent: "silver",
  reads: [...Object.keys(DIRECTIONS).filter((w) => w !== "back" && w !== "next"), ...BUNDLE_WORDS],
  build(rng, _hasEmblem, words) {
    const direction = [...(words ?? [])].find((w) => DIRECTIONS[w] !== undefined);
    if (direction !== undefined) return rotateParts(uiArrow(rng), DIRECTIONS[direction] ?? 0);
    if (BUNDLE_WORDS.some((w) => words?.has(w))) {
      const n = rng.int(3, 5);
      const bundle: Part[] = [];
      for (let i = 0; i < n; i++) bundle.push(...rotateParts(arrowParts(rng, 0.5, -0.06, 1.04, 1.05), (i - (n - 1) / 2) * rng.range(7, 10)));
      bundle.push(fill(roundRect(0.4, 0.56, 0.2, 0.07, 0.02), "secondary"), fill(roundRect(0.4, 0.66, 0.2, 0.07, 0.02), "secondary"));
      return rotateParts(bundle, rng.pick([45, 40, -45]));
    }
    const parts = arrowParts(rng, 0.5, -0.14, 1.12, 1.25);
    return rotateParts(parts, rng.pick([45, 40, -45]));
  },
};

export const quiver: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "red",
  build(rng) {
    const n = rng.int(2, 4);
    const parts: Part[] = [];
    for (let i = 0; i < n; i++) {
      const x = 0.5 + (i - (n - 1) / 2) * 0.1;
      // fletching up, heads down in the quiver
      parts.push(...rotateParts(arrowParts(rng, 1 - x, 0.4, 0.98 - (i % 2) * 0.06, 0.75, "accent"), 180 + (i - (n - 1) / 2) * 6));
    }
    const body = new PathBuilder(0.3, 0.42).lineTo(0.7, 0.42).lineTo(0.64, 0.96).quadTo(0.5, 1.0, 0.36, 0.96).build();
    parts.push(fill(body, "primary"), lit(body, "primary+", 0.42));
    parts.push(fill(roundRect(0.28, 0.38, 0.44, 0.09, 0.03), "secondary"), fill(roundRect(0.33, 0.82, 0.34, 0.06, 0.02), "secondary"));
    if (rng.chance(0.6)) parts.push(fill(ribbon(curve(0.66, 0.45, 0.85, 0.2, 0.8, 0.02), 0.04), "primary-"));
    if (rng.chance(0.5)) parts.push(detail(circle(0.5, 0.64, 0.05), "accent"));
    return rotateParts(parts, rng.range(-18, 18));
  },
};

export const shuriken: IconShape = {
  primary: "steel",
  secondary: "dark",
  accent: "red",
  build(rng) {
    const points = rng.int(4, 6);
    const outer = rng.range(0.42, 0.47);
    const inner = rng.range(0.12, 0.19);
    const twist = rng.range(0, Math.PI);
    const body = star(0.5, 0.5, outer, inner, points, twist);
    const parts: Part[] = [fill(body, "metal"), detail(body, "metal-", { clips: [outsideOf(star(0.47, 0.47, outer, inner, points, twist))] })];
    for (let i = 0; i < points; i++) {
      const a = twist + (i / points) * Math.PI * 2;
      parts.push(line(0.5, 0.5, 0.5 + Math.cos(a) * outer * 0.8, 0.5 + Math.sin(a) * outer * 0.8, 0.012, "metal+"));
    }
    parts.push(fill(circle(0.5, 0.5, 0.07), "secondary"), detail(circle(0.5, 0.5, 0.035), "metal-"));
    return parts;
  },
};

export const slingshot: IconShape = {
  primary: "brown",
  secondary: "red",
  accent: "grey",
  build(rng) {
    const spread = rng.range(0.18, 0.24);
    const fork = ribbon(curve(0.5 - spread, 0.12, 0.48 - spread * 0.8, 0.5, 0.5, 0.56), 0.08);
    const fork2 = ribbon(curve(0.5 + spread, 0.12, 0.52 + spread * 0.8, 0.5, 0.5, 0.56), 0.08);
    const pull = rng.range(0.7, 0.86);
    const parts: Part[] = [
      ...haft(0.5, 0.52, 0.5, 0.96, 0.055),
      fill(fork, "wood"),
      fill(fork2, "wood"),
      fill(ribbon(pts(0.5 - spread, 0.16, 0.5, pull, 0.5 + spread, 0.16), 0.025), "secondary"),
      fill(ellipse(0.5, pull, 0.08, 0.05), "secondary-"),
      fill(circle(0.5, pull - 0.02, 0.045), "accent"),
      fill(roundRect(0.5 - spread - 0.05, 0.14, 0.1, 0.06, 0.02), "secondary"),
      fill(roundRect(0.5 + spread - 0.05, 0.14, 0.1, 0.06, 0.02), "secondary"),
    ];
    return rotateParts(parts, rng.range(-20, 20));
  },
};

export const boomerang: IconShape = {
  primary: "tan",
  secondary: "red",
  accent: "white",
  build(rng) {
    const open = rng.range(0.42, 0.6);
    const w = rng.range(0.13, 0.17);
    const [ex, ey] = [0.2, 0.22];
    const t1: [number, number] = [0.88, 0.22 + open * 0.5];
    const t2: [number, number] = [0.22 + open * 0.5, 0.88];
    const cx = 2 * ex - (t1[0] + t2[0]) / 2 + 0.28;
    const cy = 2 * ey - (t1[1] + t2[1]) / 2 + 0.28;
    const spine = curve(t1[0], t1[1], cx, cy, t2[0], t2[1], 28);
    const parts: Part[] = [fill(ribbon(spine, w), "primary"), fill(circle(t1[0], t1[1], w / 2), "primary"), fill(circle(t2[0], t2[1], w / 2), "primary")];
    parts.push(
      detail(
        ribbon(
          spine.map(([x, y]) => [x - w * 0.18, y - w * 0.18] as const),
          w * 0.25,
        ),
        "primary+",
      ),
    );
    const stripes = rng.int(2, 3);
    const kind = rng.int(0, 1);
    for (const side of [0, 1]) {
      for (let i = 0; i < stripes; i++) {
        const index = side === 0 ? 3 + i * 3 : 25 - i * 3;
        const [x, y] = spine[index] ?? [0.5, 0.5];
        parts.push(detail(kind === 0 ? circle(x, y, w * 0.22) : regularPolygon(x, y, w * 0.3, 4), i % 2 ? "accent" : "secondary"));
      }
    }
    return rotateParts(parts, rng.range(-15, 15));
  },
};
