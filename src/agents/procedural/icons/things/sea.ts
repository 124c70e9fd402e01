/** Icon shapes of the sea and of pirates: anchor, spyglass, cannonball, pearl, coconut, hook, hats. */
import { arcBand, circle, ellipse, PathBuilder, rect, roundRect, star, transformPath, type Affine } from "../../kit/geometry.js";
import { skull } from "../symbols.js";
import { bone } from "./seeds.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";
import { deg, bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

export const anchor: IconShape = {
  primary: "steel",
  secondary: "brown",
  accent: "gold",
  build(rng) {
    const r = rng.range(0.28, 0.34);
    const cy = 0.86 - r;
    const wooden = rng.chance(0.35);
    const stockY = rng.range(0.26, 0.32);
    const stockW = rng.range(0.17, 0.24);
    const parts: Part[] = [
      solid([circle(0.5, 0.12, 0.075), circle(0.5, 0.12, 0.04)], "primary", { rule: "evenodd" }),
      solid(rect(0.465, 0.18, 0.07, 0.66), "primary"),
      solid(arcBand(0.5, cy, r - 0.065, r, deg(12), deg(168)), "primary"),
      detail(rect(0.5, 0.18, 0.035, 0.64), "primary-"),
    ];
    const fluke = rng.chance(0.5) ? 0.09 : 0.07;
    for (const side of [-1, 1]) {
      const a = side < 0 ? deg(168) : deg(12);
      const [x, y] = [0.5 + Math.cos(a) * (r - 0.03), cy + Math.sin(a) * (r - 0.03)];
      parts.push(solid(poly(x - fluke, y + 0.02, x + side * 0.02, y - fluke * 1.6, x + fluke, y + 0.02), "primary"));
    }
    parts.push(solid(roundRect(0.5 - stockW, stockY, stockW * 2, 0.07, 0.03), wooden ? "wood" : "primary"));
    if (wooden) parts.push(line(poly(0.52 - stockW, stockY + 0.035, 0.48 + stockW, stockY + 0.035), "wood-", 0.012));
    parts.push(solid(circle(0.5, 0.83, 0.055), "primary"), detail(circle(0.49, 0.82, 0.02), "primary++"));
    if (rng.chance(0.5)) {
      // a rope wound about the shank and hanging from the ring
      const rope = new PathBuilder(0.5, 0.18).cubicTo(0.72, 0.3, 0.3, 0.42, 0.55, 0.52).cubicTo(0.72, 0.6, 0.38, 0.7, 0.44, 0.8).build();
      parts.push(bar(rope, "secondary", 0.035), line(rope, "secondary+", 0.012));
    }
    return rotateParts(parts, rng.range(-14, 14));
  },
};

export const spyglass: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "glass",
  build(rng) {
    const segments = rng.int(2, 3);
    const parts: Part[] = [];
    let [x, h] = [0.06, rng.range(0.2, 0.24)];
    const lens: [number, number] = [0, 0];
    for (let i = 0; i < segments; i++) {
      const w = i === 0 ? rng.range(0.34, 0.4) : rng.range(0.22, 0.3);
      const tube = roundRect(x, 0.5 - h / 2, w, h, 0.02);
      parts.push(
        solid(tube, i === 0 ? "primary" : "secondary"),
        detail(rect(x, 0.5 - h / 2, w, h * 0.28), i === 0 ? "primary+" : "secondary+", { clips: [[tube]] }),
      );
      if (i === 0)
        for (const t of steps(x + 0.06, x + w - 0.06, rng.int(2, 4))) parts.push(line(poly(t, 0.5 - h / 2, t - 0.03, 0.5 + h / 2), "primary-", 0.014));
      parts.push(solid(roundRect(x + w - 0.035, 0.5 - h / 2 - 0.025, 0.05, h + 0.05, 0.015), "secondary-"));
      x += w - 0.01;
      lens[0] = x;
      lens[1] = h;
      h *= 0.78;
    }
    parts.push(solid(roundRect(0.02, 0.5 - 0.12, 0.07, 0.24, 0.02), "secondary-"));
    parts.push(solid(ellipse(lens[0] + 0.01, 0.5, 0.03, lens[1] * 0.42), "accent"), detail(ellipse(lens[0] + 0.005, 0.47, 0.012, lens[1] * 0.15), "light"));
    return rotateParts(parts, rng.range(-50, -28));
  },
};

export const cannonball: IconShape = {
  primary: "black",
  secondary: "steel",
  accent: "orange",
  reads: ["stack", "stacks", "pile", "piles", "pyramid"],
  build(rng, _hasEmblem, words) {
    const seeded = rng.chance(0.4);
    const stack = ["stack", "stacks", "pile", "piles", "pyramid"].some((w) => words?.has(w)) || seeded;
    const balls: [number, number, number][] = stack
      ? [
          [0.3, 0.7, 0.2],
          [0.7, 0.7, 0.2],
          [0.5, 0.38, 0.2],
        ]
      : [[0.5, 0.54, rng.range(0.34, 0.4)]];
    const parts: Part[] = [];
    for (const [x, y, r] of balls) {
      const ball = circle(x, y, r);
      parts.push(solid(ball, "primary"), rimShade(ball, "primary-", -r * 0.25, -r * 0.25), shine(x - r * 0.4, y - r * 0.4, r * 0.22, r * 0.13));
      parts.push(detail(circle(x + r * 0.25, y + r * 0.1, r * 0.06), "primary--"), detail(circle(x - r * 0.1, y + r * 0.45, r * 0.05), "primary--"));
    }
    if (!stack && rng.chance(0.5)) {
      // a smoking trail behind a fired shot
      for (const [i, t] of steps(0.16, 0.34, 3).entries())
        parts.push(detail(circle(0.82 - i * 0.02, 0.9 - t, 0.05 + i * 0.015), "secondary+", { opacity: 0.6 }));
    }
    return parts;
  },
};

export const pearl: IconShape = {
  primary: "white",
  secondary: "pink",
  accent: "cyan",
  build(rng) {
    const inShell = rng.chance(0.6);
    const parts: Part[] = [];
    const [px, py, pr] = inShell ? [0.5, 0.56, rng.range(0.13, 0.16)] : [0.5, 0.52, rng.range(0.3, 0.36)];
    if (inShell) {
      const lower = new PathBuilder(0.08, 0.6).quadTo(0.5, 1.02, 0.92, 0.6).lineTo(0.08, 0.6).build();
      const upper = new PathBuilder(0.1, 0.56).quadTo(0.16, 0.08, 0.5, 0.1).quadTo(0.84, 0.08, 0.9, 0.56).lineTo(0.1, 0.56).build();
      parts.push(solid(upper, "secondary"), detail(upper, "secondary++", { clips: [[ellipse(0.5, 0.5, 0.3, 0.36)]], opacity: 0.6 }));
      for (const x of steps(0.2, 0.8, 5)) parts.push(line(poly(0.5, 0.56, x, 0.16 + Math.abs(x - 0.5) * 0.3), "secondary-", 0.014));
      parts.push(solid(lower, "secondary-"), detail(ellipse(0.5, 0.64, 0.3, 0.08), "secondary+"));
    }
    const ball = circle(px, py, pr);
    parts.push(solid(ball, "primary"), rimShade(ball, "accent", -pr * 0.25, -pr * 0.25));
    parts.push(
      detail(ball, "primary-", { clips: [[rect(0, py + pr * 0.3, 1, 1)]], opacity: 0.4 }),
      shine(px - pr * 0.35, py - pr * 0.35, pr * 0.28, pr * 0.16, -40, 0.9),
    );
    for (let i = 0; i < rng.int(1, 3); i++) parts.push(detail(star(rng.range(0.2, 0.8), rng.range(0.12, 0.3), 0.05, 0.012, 4), "light"));
    return parts;
  },
};

export const coconut: IconShape = {
  primary: "brown",
  secondary: "white",
  accent: "green",
  reads: ["half", "halves", "halved", "split"],
  build(rng, _hasEmblem, words) {
    const seeded = rng.chance(0.35);
    const halved = ["half", "halves", "halved", "split"].some((w) => words?.has(w)) || seeded;
    const parts: Part[] = [];
    if (halved) {
      for (const [cx, cy, s] of [
        [0.34, 0.46, 0.3],
        [0.68, 0.66, 0.26],
      ] as const) {
        const shell = ellipse(cx, cy, s, s * 0.86);
        parts.push(
          solid(shell, "primary"),
          detail(ellipse(cx, cy, s * 0.82, s * 0.7), "secondary"),
          detail(ellipse(cx, cy, s * 0.62, s * 0.52), "secondary-", { opacity: 0.35 }),
        );
      }
      return rotateParts(parts, rng.range(-10, 10));
    }
    const r = rng.range(0.34, 0.38);
    const nut = ellipse(0.5, 0.55, r, r * 0.94);
    parts.push(solid(nut, "primary"), shadeRight(nut, "primary-", 0.58));
    for (let i = 0; i < 9; i++) {
      const [x, y] = [rng.range(0.26, 0.74), rng.range(0.3, 0.82)];
      parts.push(line(poly(x, y, x + rng.range(-0.05, 0.05), y + rng.range(0.04, 0.08)), "primary--", 0.012, { clips: [[nut]] }));
    }
    for (const [x, y] of [
      [0.42, 0.32],
      [0.54, 0.31],
      [0.48, 0.41],
    ] as const)
      parts.push(detail(circle(x, y, 0.035), "dark"));
    if (rng.chance(0.5)) parts.push(solid(poly(0.6, 0.22, 0.86, 0.06, 0.78, 0.2, 0.92, 0.16, 0.7, 0.3), "accent"));
    return parts;
  },
};

export const hook: IconShape = {
  primary: "steel",
  secondary: "brown",
  accent: "gold",
  build(rng, _hasEmblem, words) {
    const r = rng.range(0.13, 0.17);
    const parts: Part[] = [];
    // "hook hand": a pirate's hook on a cuff; else a hook on an eye, alone or with a line
    const cuff = words?.has("hand") || words?.has("pirate") || rng.chance(0.5);
    const bottom = cuff ? 0.6 : 0.82;
    parts.push(solid(rect(0.55, 0.36, 0.07, bottom - 0.36), "primary"), detail(rect(0.59, 0.36, 0.03, bottom - 0.36), "primary-"));
    parts.push(solid(arcBand(0.585 - r, 0.36, r - 0.035, r + 0.035, deg(180), deg(360)), "primary"));
    const tx = 0.585 - 2 * r;
    parts.push(
      solid(poly(tx - 0.05, 0.34, tx + 0.05, 0.34, tx + 0.015, 0.5), "primary"),
      detail(arcBand(0.585 - r, 0.36, r, r + 0.02, deg(200), deg(290)), "light", { opacity: 0.6 }),
    );
    if (cuff) {
      const c = new PathBuilder(0.4, 0.6).lineTo(0.78, 0.6).lineTo(0.86, 0.94).lineTo(0.32, 0.94).build();
      parts.push(solid(c, "secondary"), shadeRight(c, "secondary-", 0.66));
      for (const y of [0.66, 0.88]) parts.push(detail(rect(0, y, 1, 0.035), "accent", { clips: [[c]] }));
    } else {
      parts.push(solid([circle(0.585, 0.88, 0.06), circle(0.585, 0.88, 0.03)], "primary", { rule: "evenodd" }));
      if (rng.chance(0.5)) parts.push(bar(poly(0.585, 0.94, 0.62, 0.99), "secondary", 0.02));
    }
    return rotateParts(parts, rng.range(-12, 12));
  },
};

type HatKind = "pointed" | "tricorn" | "brim" | "top" | "cowboy";

/** The hat a prompt's words ask for ("wizard hat", "tricorn", "straw hat"), else a seeded one. */
function hatKind(rng: Random, words: ReadonlySet<string> | undefined): HatKind {
  if (words?.has("wizard") || words?.has("witch")) return "pointed";
  if (words?.has("tricorn") || words?.has("pirate")) return "tricorn";
  if (words?.has("sheriff")) return "cowboy";
  if (words?.has("hay")) return "brim";
  return rng.pick(["tricorn", "brim", "top", "cowboy"] as const);
}

export const hat: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "red",
  build(rng, _hasEmblem, words) {
    const kind = hatKind(rng, words);
    const parts: Part[] = [];
    if (kind === "pointed") {
      const bend = rng.range(-0.16, 0.16);
      const cone = new PathBuilder(0.28, 0.74)
        .quadTo(0.38, 0.4, 0.5 + bend, 0.04)
        .quadTo(0.56, 0.4, 0.72, 0.74)
        .build();
      parts.push(solid(ellipse(0.5, 0.76, 0.44, 0.11), "primary-"), solid(cone, "primary"), detail(cone, "primary-", { clips: [[rect(0.55, 0, 1, 1)]] }));
      parts.push(detail(rect(0, 0.62, 1, 0.08), "secondary", { clips: [[cone]] }));
      for (let i = 0; i < rng.int(1, 3); i++) parts.push(detail(star(rng.range(0.42, 0.56), rng.range(0.34, 0.54), 0.05, 0.02, 5), "accent+"));
      return parts;
    }
    if (kind === "tricorn") {
      const crown = new PathBuilder(0.26, 0.56).quadTo(0.24, 0.2, 0.5, 0.18).quadTo(0.76, 0.2, 0.74, 0.56).build();
      const body = new PathBuilder(0.02, 0.22)
        .quadTo(0.2, 0.5, 0.5, 0.46)
        .quadTo(0.8, 0.5, 0.98, 0.22)
        .quadTo(0.94, 0.62, 0.5, 0.86)
        .quadTo(0.06, 0.62, 0.02, 0.22)
        .build();
      parts.push(
        solid(crown, "primary-"),
        detail(crown, "primary--", { clips: [[rect(0.56, 0, 1, 1)]] }),
        solid(body, "primary"),
        shadeRight(body, "primary-", 0.66),
      );
      parts.push(line(new PathBuilder(0.05, 0.26).quadTo(0.2, 0.53, 0.5, 0.5).quadTo(0.8, 0.53, 0.95, 0.26).build(), "secondary", 0.035));
      parts.push(line(new PathBuilder(0.12, 0.5).quadTo(0.3, 0.72, 0.5, 0.8).build(), "primary--", 0.014));
      if (rng.chance(0.6))
        parts.push(detail(circle(0.5, 0.64, 0.085), "light"), detail(circle(0.47, 0.62, 0.018), "dark"), detail(circle(0.53, 0.62, 0.018), "dark"));
      else parts.push(solid(ellipse(0.78, 0.36, 0.06, 0.16, 0.5), "accent"));
      return parts;
    }
    const brimW = kind === "brim" ? rng.range(0.44, 0.48) : kind === "cowboy" ? 0.44 : rng.range(0.32, 0.38);
    const crownH = kind === "top" ? rng.range(0.46, 0.54) : rng.range(0.34, 0.4);
    const crownW = kind === "top" ? 0.2 : 0.24;
    const base = 0.72;
    const brim =
      kind === "cowboy"
        ? new PathBuilder(0.06, 0.5)
            .quadTo(0.18, 0.74, 0.5, 0.74)
            .quadTo(0.82, 0.74, 0.94, 0.5)
            .quadTo(0.8, 0.62, 0.5, 0.62)
            .quadTo(0.2, 0.62, 0.06, 0.5)
            .build()
        : ellipse(0.5, base, brimW, 0.1);
    const crown =
      kind === "top"
        ? rect(0.5 - crownW, base - crownH, crownW * 2, crownH)
        : new PathBuilder(0.5 - crownW, base)
            .quadTo(0.5 - crownW - 0.02, base - crownH, 0.5, base - crownH + (kind === "cowboy" ? 0.05 : 0))
            .quadTo(0.5 + crownW + 0.02, base - crownH, 0.5 + crownW, base)
            .build();
    parts.push(solid(brim, "primary-"), solid(crown, "primary"), shadeRight(crown, "primary-", 0.58));
    parts.push(detail(rect(0.5 - crownW - 0.03, base - 0.1, crownW * 2 + 0.06, 0.07), "accent", { clips: [[crown]] }));
    if (kind === "brim" && rng.chance(0.6)) parts.push(detail(circle(0.66, base - 0.09, 0.05), "secondary"));
    return parts;
  },
};

/** Parts scaled by `s` about (cx, cy). */
function scaleParts(parts: readonly Part[], s: number, cx: number, cy: number): Part[] {
  const m: Affine = { a: s, b: 0, c: 0, d: s, e: cx - cx * s, f: cy - cy * s };
  return parts.map((p) => ({ ...p, path: transformPath(p.path, m), ...(p.clips ? { clips: p.clips.map((c) => transformPath(c, m)) } : {}) }));
}

/** A skull over two crossed bones (the pirates' flag, poison, danger). */
export const crossbones: IconShape = {
  primary: "beige",
  secondary: "dark",
  accent: "red",
  build(rng) {
    const a = rng.range(-8, 8);
    const bones = [...rotateParts(bone.build(rng.fork("a"), false), a), ...rotateParts(bone.build(rng.fork("b"), false), 90 - a)];
    const dropped = rng.chance(0.5);
    return [
      ...scaleParts(bones, 1.15, 0.5, dropped ? 0.62 : 0.5),
      ...scaleParts(skull.build(rng.fork("skull"), false), dropped ? 0.66 : 0.7, 0.5, dropped ? 0.38 : 0.45),
    ];
  },
};

/** The pointed hat a wizard or a witch is known by (purple unless a colour is named). */
export const wizardHat: IconShape = {
  ...hat,
  primary: "purple",
  build: (rng, hasEmblem, words) => hat.build(rng, hasEmblem, new Set([...(words ?? []), "wizard"])),
};
