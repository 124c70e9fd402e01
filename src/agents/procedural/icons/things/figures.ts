/**
 * Icon symbols of figures: an icon of a character or a creature draws the one thing it is known
 * by (a pointed hat for a wizard, a paw for a beast, a droplet with eyes for a slime).
 * `FIGURE_SYMBOLS` says which, keyed on the broad subjects; narrower ones reach it through "is a".
 */
import { circle, ellipse, PathBuilder, rect, type Contour } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bug, claw, dragonHead, goblin, helmet, hornedHelmet, rocket, shuriken, spider, zombieHand } from "./foes.js";
import { bar, detail, line, poly, rimShade, shine, solid, steps } from "./kit.js";

/**
 * Figure subject → icon subjects that stand for it, the first one the icon agent draws wins
 * ("helmet" when a gear shape of it exists, else "shield").
 */
export const FIGURE_SYMBOLS: Readonly<Record<string, readonly string[]>> = {
  knight: ["helmet", "shield"],
  warrior: ["horned helmet", "helmet", "axe"],
  hero: ["sword"],
  archer: ["bow"],
  king: ["crown"],
  wizard: ["wizard hat"],
  pirate: ["hat"],
  sheriff: ["hat"],
  ninja: ["shuriken"],
  robot: ["robot"],
  skeleton: ["skull"],
  zombie: ["zombie hand", "skull"],
  goblin: ["goblin"],
  slime: ["slime"],
  ghost: ["ghost"],
  bat: ["bat"],
  spider: ["spider"],
  insect: ["bug"],
  bird: ["feather"],
  beast: ["paw"],
  dragon: ["dragon head", "claw"],
  monster: ["claw"],
  ship: ["rocket"],
  // trades whose tool is no icon of its own: the thing they are known by
  chef: ["soup", "pot"],
  bard: ["music"],
  astronaut: ["rocket"],
  scientist: ["potion"],
  healer: ["medkit", "heart"],
  villager: ["user"],
  woman: ["user"],
};

/** Two eyes (and a mouth) on a face centred at (cx, cy). */
function face(cx: number, cy: number, r: number, mouth: boolean): Part[] {
  const parts: Part[] = [];
  for (const d of [-1, 1])
    parts.push(detail(ellipse(cx + d * r, cy, r * 0.42, r * 0.55), "dark"), detail(circle(cx + d * r - r * 0.12, cy - r * 0.2, r * 0.16), "light"));
  if (mouth) parts.push(line(new PathBuilder(cx - r * 0.5, cy + r * 0.9).quadTo(cx, cy + r * 1.4, cx + r * 0.5, cy + r * 0.9).build(), "dark", r * 0.22));
  return parts;
}

export const slime: IconShape = {
  primary: "lime",
  secondary: "green",
  accent: "white",
  build(rng) {
    const w = rng.range(0.36, 0.42);
    const peak = rng.range(0.1, 0.26);
    const body = new PathBuilder(0.5, peak)
      .cubicTo(0.62, peak + 0.12, 0.5 + w, 0.4, 0.5 + w, 0.7)
      .cubicTo(0.5 + w, 0.92, 0.5 - w, 0.92, 0.5 - w, 0.7)
      .cubicTo(0.5 - w, 0.4, 0.38, peak + 0.12, 0.5, peak)
      .build();
    const parts: Part[] = [solid(ellipse(0.5, 0.88, w + 0.04, 0.05), "secondary"), solid(body, "primary"), rimShade(body, "primary-", -0.06, -0.06)];
    parts.push(...face(0.5, 0.64, rng.range(0.06, 0.08), rng.chance(0.6)), shine(0.36, 0.46, 0.03, 0.07, 25, 0.8));
    return parts;
  },
};

export const ghost: IconShape = {
  primary: "white",
  secondary: "sky",
  accent: "dark",
  build(rng) {
    const w = rng.range(0.3, 0.34);
    const waves = rng.int(3, 4);
    const pts: number[] = [];
    for (let i = 0; i <= waves * 2; i++) pts.push(0.5 + w - (i / (waves * 2)) * w * 2, i % 2 ? 0.82 : 0.92);
    const body = new PathBuilder(0.5 - w, 0.9)
      .lineTo(0.5 - w, 0.42)
      .cubicTo(0.5 - w, 0.04, 0.5 + w, 0.04, 0.5 + w, 0.42)
      .build();
    const shape = poly(...body.flat(), ...pts);
    const parts: Part[] = [solid(shape, "primary"), detail(shape, "secondary", { clips: [[rect(0.5 + w * 0.45, 0, 1, 1)]], opacity: 0.6 })];
    for (const d of [-1, 1]) parts.push(detail(ellipse(0.5 + d * 0.1, 0.4, 0.045, 0.07), "accent"));
    parts.push(detail(ellipse(0.5, 0.56, rng.range(0.03, 0.06), 0.05), "accent"));
    return rotateParts(parts, rng.range(-12, 12));
  },
};

export const paw: IconShape = {
  primary: "brown",
  secondary: "pink",
  accent: "white",
  build(rng) {
    const spread = rng.range(0.36, 0.4);
    const parts: Part[] = [];
    const pad = new PathBuilder(0.5, 0.54)
      .cubicTo(0.74, 0.52, 0.82, 0.94, 0.62, 0.94)
      .quadTo(0.5, 0.88, 0.38, 0.94)
      .cubicTo(0.18, 0.94, 0.26, 0.52, 0.5, 0.54)
      .build();
    parts.push(solid(pad, "primary"), rimShade(pad, "primary-", -0.04, -0.04));
    const claws = rng.chance(0.4);
    for (const [i, a] of [-2.55, -1.9, -1.24, -0.59].entries()) {
      const r = i === 0 || i === 3 ? 0.085 : 0.095;
      const [x, y] = [0.5 + Math.cos(a) * spread, 0.7 + Math.sin(a) * spread * 0.95];
      if (claws) parts.push(solid(poly(x - 0.025, y, x + Math.cos(a) * (r + 0.08), y + Math.sin(a) * (r + 0.08), x + 0.025, y), "accent"));
      parts.push(
        solid(ellipse(x, y, r * 0.85, r * 1.15, a + Math.PI / 2), "primary"),
        detail(ellipse(x - 0.015, y - 0.02, r * 0.3, r * 0.4, a + Math.PI / 2), "primary+", { opacity: 0.7 }),
      );
    }
    return rotateParts(parts, rng.range(-20, 20));
  },
};

export const robot: IconShape = {
  primary: "silver",
  secondary: "cyan",
  accent: "red",
  build(rng) {
    const w = rng.range(0.3, 0.36);
    const head = rect(0.5 - w, 0.26, w * 2, 0.56);
    const parts: Part[] = [bar(poly(0.5, 0.26, 0.5, 0.1), "primary-", 0.03), solid(circle(0.5, 0.08, 0.05), "accent")];
    for (const d of [-1, 1]) parts.push(solid(rect(d < 0 ? 0.5 - w - 0.07 : 0.5 + w, 0.42, 0.07, 0.2), "primary-"));
    parts.push(solid(head, "primary"), detail(head, "primary-", { clips: [[rect(0.5 + w - 0.08, 0, 1, 1)]] }));
    const visor = rng.chance(0.4);
    if (visor)
      parts.push(detail(rect(0.5 - w + 0.06, 0.38, (w - 0.06) * 2, 0.12), "secondary"), detail(rect(0.5 - w + 0.1, 0.4, 0.1, 0.03), "light", { opacity: 0.7 }));
    else
      for (const d of [-1, 1])
        parts.push(detail(circle(0.5 + d * w * 0.45, 0.44, 0.07), "secondary"), detail(circle(0.5 + d * w * 0.45 - 0.02, 0.42, 0.02), "light"));
    parts.push(detail(rect(0.5 - w * 0.55, 0.62, w * 1.1, 0.1), "dark"));
    for (const x of steps(0.5 - w * 0.4, 0.5 + w * 0.4, 4)) parts.push(line(poly(x, 0.62, x, 0.72), "primary", 0.014));
    return parts;
  },
};

export const bat: IconShape = {
  primary: "black",
  secondary: "purple",
  accent: "red",
  build(rng) {
    const span = rng.range(0.44, 0.48);
    const wing = (d: number): Contour =>
      poly(
        0.5,
        0.4,
        0.5 + d * 0.2,
        0.26,
        0.5 + d * span,
        0.3,
        0.5 + d * (span - 0.04),
        0.5,
        0.5 + d * 0.36,
        0.46,
        0.5 + d * 0.3,
        0.6,
        0.5 + d * 0.2,
        0.52,
        0.5,
        0.62,
      );
    const parts: Part[] = [solid(wing(-1), "primary"), solid(wing(1), "primary"), detail(wing(1), "secondary", { opacity: 0.5 })];
    parts.push(solid(ellipse(0.5, 0.5, 0.1, 0.16), "primary"), solid(poly(0.42, 0.36, 0.44, 0.24, 0.48, 0.34, 0.52, 0.34, 0.56, 0.24, 0.58, 0.36), "primary"));
    for (const d of [-1, 1]) parts.push(detail(circle(0.5 + d * 0.04, 0.42, 0.018), "accent"));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

/** The figure symbols by icon subject. */
export const FIGURE_ICONS: ReadonlyMap<string, IconShape> = new Map<string, IconShape>([
  ["slime", slime],
  ["ghost", ghost],
  ["paw", paw],
  ["robot", robot],
  ["bat", bat],
  ["spider", spider],
  ["bug", bug],
  ["claw", claw],
  ["shuriken", shuriken],
  ["goblin", goblin],
  // a gear registry's own "helmet" replaces this one (it is merged later)
  ["helmet", helmet],
  ["horned helmet", hornedHelmet],
  ["dragon head", dragonHead],
  ["zombie hand", zombieHand],
  ["rocket", rocket],
]);
