/** Icon shapes of nature: trees and mushrooms, seeds and nuts, feathers, eggs and bones. */
import { circle, ellipse, PathBuilder, rect, type Contour } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";
import { bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

/** A tree: round crown or pine ("any"), a pine, or a fruit tree. */
function treeShape(kind: "any" | "pine" | "fruit"): IconShape {
  const fruit = kind === "fruit";
  return {
    primary: "green",
    secondary: "brown",
    accent: "red",
    build(rng) {
      const pine = kind === "pine" || (kind === "any" && rng.chance(0.4));
      const parts: Part[] = [];
      const trunkW = rng.range(0.06, 0.09);
      parts.push(
        solid(poly(0.5 - trunkW, 0.5, 0.5 + trunkW, 0.5, 0.5 + trunkW + 0.04, 0.94, 0.5 - trunkW - 0.04, 0.94), "secondary"),
        detail(rect(0.5 + trunkW * 0.2, 0.5, 0.1, 0.44), "secondary-", {
          clips: [[poly(0.5 - trunkW, 0.5, 0.5 + trunkW, 0.5, 0.5 + trunkW + 0.04, 0.94, 0.5 - trunkW - 0.04, 0.94)]],
        }),
      );
      if (pine) {
        const tiers = rng.int(3, 4);
        for (let i = 0; i < tiers; i++) {
          const y = 0.06 + i * (0.62 / tiers);
          const w = 0.16 + (i / tiers) * 0.26;
          const tier = poly(0.5, y, 0.5 + w, y + 0.3, 0.5 - w, y + 0.3);
          parts.push(solid(tier, "primary"), detail(tier, "primary-", { clips: [[rect(0.5, 0, 1, 1)]] }));
        }
        return parts;
      }
      const crownR = rng.range(0.3, 0.36);
      const cy = 0.38;
      const crown: Contour[] = [circle(0.5, cy, crownR)];
      const bumps = rng.int(5, 7);
      for (let i = 0; i < bumps; i++) {
        const a = (i / bumps) * Math.PI * 2 + rng.range(-0.2, 0.2);
        crown.push(circle(0.5 + Math.cos(a) * crownR * 0.75, cy + Math.sin(a) * crownR * 0.7, crownR * 0.42));
      }
      parts.push(
        solid(crown, "primary"),
        detail(crown, "primary-", { clips: [[rect(0, cy + 0.1, 1, 1)]] }),
        detail(crown, "primary+", { clips: [[rect(0, 0, 0.4, cy - 0.08)]] }),
      );
      if (fruit || rng.chance(0.3)) {
        for (let i = 0; i < rng.int(4, 6); i++) {
          const a = rng.range(0, Math.PI * 2);
          const d = rng.range(0.08, crownR * 0.85);
          const [x, y] = [0.5 + Math.cos(a) * d, cy + Math.sin(a) * d];
          parts.push(detail(circle(x, y, 0.045), "accent"), detail(circle(x - 0.012, y - 0.012, 0.014), "light", { opacity: 0.8 }));
        }
      }
      return parts;
    },
  };
}

export const tree = treeShape("any");
export const appleTree = treeShape("fruit");
export const conifer = treeShape("pine");

export const mushroom: IconShape = {
  primary: "red",
  secondary: "beige",
  accent: "white",
  // "spotted mushroom": a toadstool's spots (a plain cap on some seeds otherwise)
  reads: ["spotted", "spots", "spotty", "dotted", "speckled"],
  build(rng, _hasEmblem, words) {
    const plain = rng.chance(0.3) && !["spotted", "spots", "spotty", "dotted", "speckled"].some((s) => words?.has(s));
    const w = rng.range(0.36, 0.44);
    const capBottom = rng.range(0.5, 0.56);
    const tall = rng.range(0.12, 0.2);
    const cap = new PathBuilder(0.5 - w, capBottom)
      .cubicTo(0.5 - w, tall - 0.04, 0.5 + w, tall - 0.04, 0.5 + w, capBottom)
      .quadTo(0.5, capBottom - 0.06, 0.5 - w, capBottom)
      .build();
    const stem = new PathBuilder(0.4, capBottom - 0.04)
      .lineTo(0.6, capBottom - 0.04)
      .quadTo(0.6, 0.84, 0.66, 0.92)
      .lineTo(0.34, 0.92)
      .quadTo(0.4, 0.84, 0.4, capBottom - 0.04)
      .build();
    const parts: Part[] = [solid(stem, "secondary"), shadeRight(stem, "secondary-", 0.54), solid(cap, "primary"), rimShade(cap, "primary-", -0.05, -0.05)];
    const spots = plain ? 0 : rng.int(3, 6);
    for (let i = 0; i < spots; i++)
      parts.push(
        detail(ellipse(0.5 + rng.range(-w * 0.7, w * 0.7), rng.range(tall + 0.08, capBottom - 0.1), rng.range(0.03, 0.06), rng.range(0.025, 0.045)), "accent", {
          clips: [[cap]],
        }),
      );
    parts.push(shine(0.34, tall + 0.12, 0.06, 0.025, -30, 0.5));
    if (rng.chance(0.4)) parts.push(solid(ellipse(0.5, 0.93, 0.3, 0.05), "secondary-"));
    return parts;
  },
};

export const acorn: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "green",
  build(rng) {
    const w = rng.range(0.24, 0.28);
    const nut = new PathBuilder(0.5 - w, 0.46)
      .lineTo(0.5 + w, 0.46)
      .cubicTo(0.5 + w, 0.72, 0.6, 0.88, 0.5, 0.94)
      .cubicTo(0.4, 0.88, 0.5 - w, 0.72, 0.5 - w, 0.46)
      .build();
    const cap = new PathBuilder(0.5 - w - 0.06, 0.5)
      .quadTo(0.5 - w - 0.04, 0.2, 0.5, 0.2)
      .quadTo(0.5 + w + 0.04, 0.2, 0.5 + w + 0.06, 0.5)
      .quadTo(0.5, 0.56, 0.5 - w - 0.06, 0.5)
      .build();
    const parts: Part[] = [solid(nut, "primary"), shadeRight(nut, "primary-", 0.56), shine(0.4, 0.64, 0.025, 0.08, 10, 0.5), solid(cap, "secondary")];
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 5; j++) parts.push(detail(circle(0.5 - w + 0.02 + j * (w * 0.48), 0.3 + i * 0.07, 0.018), "secondary-", { clips: [[cap]] }));
    parts.push(bar(new PathBuilder(0.5, 0.22).quadTo(0.52, 0.12, 0.6, 0.08).build(), "secondary-", 0.035));
    if (rng.chance(0.5)) parts.push(solid(new PathBuilder(0.58, 0.14).quadTo(0.8, 0.02, 0.9, 0.18).quadTo(0.74, 0.24, 0.58, 0.14).build(), "accent"));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const pinecone: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "green",
  build(rng) {
    const rows = rng.int(5, 6);
    const parts: Part[] = [bar(poly(0.5, 0.12, 0.5, 0.03), "primary-", 0.04)];
    const body = new PathBuilder(0.5, 0.95).cubicTo(0.2, 0.86, 0.18, 0.3, 0.5, 0.1).cubicTo(0.82, 0.3, 0.8, 0.86, 0.5, 0.95).build();
    parts.push(solid(body, "primary-"));
    for (let r = 0; r < rows; r++) {
      const y = 0.18 + (r / rows) * 0.7;
      const span = Math.sin(((r + 0.6) / (rows + 0.4)) * Math.PI) * 0.3;
      const n = r % 2 ? 3 : 4;
      for (const x of steps(0.5 - span * 0.75, 0.5 + span * 0.75, n))
        parts.push(
          detail(
            new PathBuilder(x - 0.07, y)
              .quadTo(x, y + 0.15, x + 0.07, y)
              .lineTo(x, y + 0.04)
              .build(),
            r % 2 ? "primary" : "primary+",
            { clips: [[body]] },
          ),
        );
    }
    parts.push(rimShade(body, "primary--", -0.05, -0.02));
    if (rng.chance(0.5)) for (const d of [-1, 1]) parts.push(line(poly(0.5, 0.08, 0.5 + d * 0.14, 0.02), "accent", 0.02));
    return rotateParts(parts, rng.range(-20, 20));
  },
};

export const feather: IconShape = {
  primary: "white",
  secondary: "sky",
  accent: "grey",
  build(rng) {
    const w = rng.range(0.12, 0.16);
    const vane = new PathBuilder(0.5, 0.04)
      .cubicTo(0.5 + w * 1.6, 0.2, 0.5 + w, 0.62, 0.5, 0.78)
      .cubicTo(0.5 - w * 1.2, 0.6, 0.5 - w * 1.6, 0.24, 0.5, 0.04)
      .build();
    const parts: Part[] = [
      solid(vane, "primary"),
      detail(vane, "secondary", { clips: [[rect(0, 0.5, 1, 1)]], opacity: 0.6 }),
      detail(vane, "primary-", { clips: [[rect(0.5, 0, 1, 1)]] }),
    ];
    for (const y of steps(0.2, 0.66, rng.int(4, 6)))
      parts.push(line(poly(0.5, y + 0.06, 0.5 + w * 1.2, y - 0.04), "accent", 0.01), line(poly(0.5, y + 0.06, 0.5 - w * 1.2, y - 0.02), "accent", 0.01));
    if (rng.chance(0.5)) parts.push(detail(poly(0.5 + w * 1.6, 0.4, 0.56, 0.47, 0.5 + w * 1.4, 0.52), "light", { clips: [[vane]] }));
    parts.push(bar(poly(0.5, 0.1, 0.5, 0.96), "accent-", 0.022));
    return rotateParts(parts, rng.range(25, 50));
  },
};

/** A fried egg: a wobbly white with a glossy yolk. */
function friedEgg(rng: Random): Part[] {
  const pts: number[] = [];
  const n = 14;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const r = rng.range(0.34, 0.44);
    pts.push(0.5 + Math.cos(a) * r, 0.52 + Math.sin(a) * r * 0.85);
  }
  const white = poly(...pts);
  const [yx, yy] = [rng.range(0.44, 0.56), rng.range(0.44, 0.54)];
  return [
    solid(white, "light-"),
    rimShade(white, "light--", -0.04, -0.04),
    solid(circle(yx, yy, 0.15), "secondary"),
    detail(circle(yx + 0.03, yy + 0.03, 0.12), "secondary-", { opacity: 0.5 }),
    shine(yx - 0.05, yy - 0.05, 0.04, 0.025),
  ];
}

export const egg: IconShape = {
  primary: "beige",
  // the painted band of an easter egg, the yolk of a fried one
  secondary: "amber",
  accent: "brown",
  // "fried egg": the egg out of its shell, in the pan
  reads: ["fried"],
  build(rng, _hasEmblem, words) {
    if (words?.has("fried")) return friedEgg(rng);
    const w = rng.range(0.28, 0.32);
    const shape = new PathBuilder(0.5, 0.08)
      .cubicTo(0.5 + w * 1.25, 0.1, 0.5 + w * 1.1, 0.92, 0.5, 0.92)
      .cubicTo(0.5 - w * 1.1, 0.92, 0.5 - w * 1.25, 0.1, 0.5, 0.08)
      .build();
    const parts: Part[] = [solid(shape, "primary"), rimShade(shape, "primary-", -0.06, -0.06)];
    const pattern = rng.int(0, 2);
    if (pattern === 1)
      for (let i = 0; i < 7; i++)
        parts.push(detail(circle(rng.range(0.32, 0.68), rng.range(0.24, 0.84), rng.range(0.02, 0.04)), "accent", { clips: [[shape]], opacity: 0.7 }));
    if (pattern === 2) {
      const zig: number[] = [];
      for (let i = 0; i <= 10; i++) zig.push(0.16 + i * 0.068, 0.54 + (i % 2 ? -0.05 : 0.05));
      parts.push(line(poly(...zig), "secondary", 0.05, { clips: [[shape]] }), detail(rect(0, 0.7, 1, 0.06), "secondary+", { clips: [[shape]] }));
    }
    parts.push(shine(0.38, 0.3, 0.05, 0.09, 20, 0.7));
    return parts;
  },
};

export const bone: IconShape = {
  primary: "beige",
  secondary: "beige",
  accent: "white",
  build(rng) {
    const len = rng.range(0.28, 0.34);
    const knob = rng.range(0.085, 0.1);
    const shape: Contour[] = [rect(0.5 - 0.06, 0.5 - len, 0.12, len * 2)];
    for (const d of [-1, 1]) for (const s of [-1, 1]) shape.push(circle(0.5 + s * knob * 0.8, 0.5 + d * len, knob));
    const parts: Part[] = [
      solid(shape, "primary"),
      detail(shape, "primary-", { clips: [[rect(0.52, 0, 1, 1)]] }),
      line(poly(0.47, 0.5 - len + 0.08, 0.47, 0.5 + len - 0.08), "light", 0.016, { opacity: 0.6 }),
    ];
    if (rng.chance(0.4)) parts.push(line(poly(0.5, 0.46, 0.54, 0.5, 0.5, 0.54), "primary--", 0.012));
    return rotateParts(parts, rng.range(35, 55));
  },
};

export const seed: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "green",
  build(rng) {
    const parts: Part[] = [];
    const count = rng.int(1, 3);
    const spots: [number, number, number][] =
      count === 1
        ? [[0.5, 0.56, 0]]
        : count === 2
          ? [
              [0.38, 0.56, -0.4],
              [0.64, 0.5, 0.3],
            ]
          : [
              [0.34, 0.62, -0.4],
              [0.62, 0.64, 0.3],
              [0.5, 0.36, 0.1],
            ];
    const scale = count === 1 ? 1.7 : 1.3;
    for (const [x, y, a] of spots) {
      const s = ellipse(x, y, 0.11 * scale, 0.17 * scale, a);
      parts.push(
        solid(s, "primary"),
        rimShade(s, "secondary", -0.03, -0.03),
        detail(ellipse(x, y, 0.012 * scale, 0.13 * scale, a), "secondary", { opacity: 0.6 }),
      );
    }
    if (count === 1 || rng.chance(0.5)) {
      const [x, y] = spots[0] as [number, number, number];
      const top = y - 0.17 * scale;
      parts.push(
        bar(poly(x, top + 0.04, x + 0.02, top - 0.1), "accent", 0.03),
        solid(
          new PathBuilder(x + 0.02, top - 0.08)
            .quadTo(x + 0.18, top - 0.2, x + 0.24, top - 0.08)
            .quadTo(x + 0.12, top - 0.02, x + 0.02, top - 0.08)
            .build(),
          "accent",
        ),
      );
    }
    return parts;
  },
};

export const deadTree: IconShape = {
  primary: "brown",
  secondary: "grey",
  accent: "black",
  build(rng) {
    const parts: Part[] = [solid(ellipse(0.5, 0.92, 0.3, 0.05), "secondary")];
    const branch = (x: number, y: number, a: number, len: number, w: number, depth: number): void => {
      const [x1, y1] = [x + Math.cos(a) * len, y + Math.sin(a) * len];
      parts.push(bar(poly(x, y, x1, y1), depth === 3 ? "primary" : "primary-", w));
      if (depth === 0) return;
      const n = depth === 3 ? 3 : 2;
      for (let i = 0; i < n; i++) branch(x1, y1, a + (i - (n - 1) / 2) * rng.range(0.5, 0.8), len * rng.range(0.55, 0.72), w * 0.62, depth - 1);
    };
    branch(0.5, 0.94, -Math.PI / 2 + rng.range(-0.12, 0.12), rng.range(0.36, 0.42), 0.11, 3);
    if (rng.chance(0.5)) parts.push(solid(ellipse(0.5, 0.6, 0.03, 0.045), "accent"));
    return parts;
  },
};
