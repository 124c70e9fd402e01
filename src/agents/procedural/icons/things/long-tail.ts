/**
 * The long tail of things asked for as game icons (issue 39): a sundial, a wheelbarrow, a beehive, a
 * totem, a harpoon, a periscope. Each is a recipe of parts (discs, bands, bars, a wheel) with the
 * seed varying proportions and details.
 */
import { circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, shadeRight, shine, solid, steps } from "./kit.js";

/** A wheel of radius r at (x, y): rim, hub and spokes. */
function wheelAt(x: number, y: number, r: number, spokes: number): Part[] {
  const parts: Part[] = [solid(circle(x, y, r), "dark"), detail(circle(x, y, r * 0.78), "wood")];
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI;
    parts.push(line(poly(x - Math.cos(a) * r * 0.78, y - Math.sin(a) * r * 0.78, x + Math.cos(a) * r * 0.78, y + Math.sin(a) * r * 0.78), "wood-", 0.025));
  }
  parts.push(detail(circle(x, y, r * 0.2), "metal"));
  return parts;
}

export const sundial: IconShape = {
  primary: "grey",
  secondary: "bronze",
  accent: "copper",
  build(rng) {
    const w = rng.range(0.36, 0.42);
    const plinth = rect(0.5 - w * 0.28, 0.6, w * 0.56, 0.26);
    const parts: Part[] = [
      solid(rect(0.5 - w * 0.55, 0.84, w * 1.1, 0.08), "primary-"),
      solid(plinth, "primary"),
      shadeRight(plinth, "primary-", 0.5 + w * 0.2),
    ];
    parts.push(solid(ellipse(0.5, 0.56, w, w * 0.42), "primary+"), solid(ellipse(0.5, 0.54, w * 0.9, w * 0.36), "secondary"));
    // hour marks round the dial
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      parts.push(detail(circle(0.5 + Math.cos(a) * w * 0.76, 0.54 + Math.sin(a) * w * 0.3, 0.014), "secondary--"));
    }
    // the gnomon and its shadow across the dial
    const lean = rng.range(-0.5, 0.5);
    parts.push(
      detail(
        poly(
          0.5,
          0.54,
          0.5 + Math.cos(lean) * w * 0.8,
          0.54 + Math.sin(lean) * w * 0.3,
          0.5 + Math.cos(lean) * w * 0.8,
          0.55 + Math.sin(lean) * w * 0.3 + 0.02,
        ),
        "accent",
        { opacity: 0.5 },
      ),
    );
    parts.push(
      solid(poly(0.5 - w * 0.5, 0.54, 0.5 + w * 0.08, 0.54, 0.5 + w * 0.08, 0.18), "accent"),
      detail(poly(0.5 - w * 0.3, 0.53, 0.5 + w * 0.04, 0.53, 0.5 + w * 0.04, 0.3), "secondary"),
    );
    parts.push(shine(0.5 - w * 0.4, 0.5, 0.06, 0.02, -10, 0.6));
    return parts;
  },
};

export const wheelbarrow: IconShape = {
  primary: "red",
  secondary: "brown",
  accent: "grey",
  build(rng) {
    const tip = rng.range(-6, 6);
    const tray = poly(0.12, 0.36, 0.74, 0.36, 0.66, 0.62, 0.26, 0.62);
    const parts: Part[] = [
      bar(poly(0.3, 0.6, 0.26, 0.84), "secondary-", 0.04),
      bar(poly(0.6, 0.6, 0.96, 0.3), "secondary", 0.05),
      bar(poly(0.26, 0.6, 0.06, 0.3), "secondary", 0.05),
      solid(tray, "primary"),
      detail(poly(0.16, 0.36, 0.7, 0.36, 0.66, 0.44, 0.2, 0.44), "primary+"),
      shadeRight(tray, "primary-", 0.56),
    ];
    if (rng.chance(0.5)) for (const x of steps(0.3, 0.58, 3)) parts.push(detail(circle(x, 0.34, 0.06), "secondary+"));
    parts.push(...wheelAt(0.72, 0.76, 0.14, 3));
    return rotateParts(parts, tip);
  },
};

export const beehive: IconShape = {
  primary: "amber",
  secondary: "brown",
  accent: "yellow",
  build(rng) {
    const bands = rng.int(4, 5);
    const parts: Part[] = [solid(rect(0.16, 0.86, 0.68, 0.06), "secondary")];
    // a straw skep: coiled bands, narrower toward its top
    for (let i = 0; i < bands; i++) {
      const t = i / bands;
      const y = 0.84 - t * 0.6;
      const w = 0.32 * Math.sqrt(1 - t * t * 0.85);
      parts.push(solid(ellipse(0.5, y - 0.05, w, 0.08), i % 2 ? "primary" : "primary-"), detail(ellipse(0.5 - w * 0.3, y - 0.09, w * 0.5, 0.02), "primary+"));
    }
    parts.push(solid(ellipse(0.5, 0.22, 0.1, 0.06), "primary"));
    parts.push(solid(ellipse(0.5, 0.76, 0.08, 0.06), "dark"));
    for (let i = 0; i < rng.int(2, 3); i++) {
      const [x, y] = [rng.range(0.18, 0.82), rng.range(0.12, 0.5)];
      parts.push(
        detail(ellipse(x - 0.02, y - 0.035, 0.03, 0.02, -0.6), "light", { opacity: 0.85 }),
        solid(ellipse(x, y, 0.045, 0.032), "accent"),
        detail(rect(x - 0.012, y - 0.035, 0.016, 0.07), "dark"),
      );
    }
    return parts;
  },
};

export const totem: IconShape = {
  primary: "brown",
  secondary: "red",
  accent: "teal",
  build(rng) {
    const faces = rng.int(2, 3);
    const h = 0.7 / faces;
    const parts: Part[] = [];
    // wings spread from the top block
    parts.push(solid(poly(0.3, 0.2, 0.04, 0.12, 0.08, 0.24, 0.3, 0.3), "secondary"), solid(poly(0.7, 0.2, 0.96, 0.12, 0.92, 0.24, 0.7, 0.3), "secondary"));
    for (let i = 0; i < faces; i++) {
      const y = 0.14 + i * h;
      const block = roundRect(0.3, y, 0.4, h - 0.01, 0.03);
      parts.push(solid(block, i % 2 ? "primary" : "primary+"), shadeRight(block, "primary-", 0.62));
      // a carved face: brows, eyes, and a mouth or a beak
      parts.push(detail(rect(0.34, y + h * 0.18, 0.32, 0.03), "dark"));
      for (const x of [0.41, 0.59]) parts.push(detail(ellipse(x, y + h * 0.36, 0.05, 0.035), "light"), detail(circle(x, y + h * 0.36, 0.02), "dark"));
      if ((i + faces) % 2) parts.push(solid(poly(0.44, y + h * 0.52, 0.56, y + h * 0.52, 0.5, y + h * 0.86), "accent"));
      else parts.push(detail(roundRect(0.4, y + h * 0.6, 0.2, h * 0.18, 0.02), "secondary"), detail(rect(0.42, y + h * 0.66, 0.16, 0.015), "light"));
    }
    parts.push(solid(rect(0.36, 0.84, 0.28, 0.1), "primary-"));
    return parts;
  },
};

export const harpoon: IconShape = {
  primary: "steel",
  secondary: "brown",
  accent: "tan",
  build(rng) {
    const parts: Part[] = [bar(poly(0.5, 0.3, 0.5, 0.96), "secondary", 0.05), detail(rect(0.49, 0.3, 0.012, 0.66), "secondary+")];
    // a barbed head: the point and two barbs turned back
    parts.push(solid(poly(0.5, 0.04, 0.56, 0.2, 0.52, 0.2, 0.52, 0.32, 0.48, 0.32, 0.48, 0.2, 0.44, 0.2), "primary"));
    parts.push(solid(poly(0.44, 0.2, 0.36, 0.3, 0.46, 0.24), "primary-"), solid(poly(0.56, 0.2, 0.64, 0.3, 0.54, 0.24), "primary-"));
    // rope tied below the head, trailing in a loop
    const loop = new PathBuilder(0.5, 0.4).cubicTo(0.8, rng.range(0.42, 0.5), 0.86, 0.7, 0.62, 0.74).cubicTo(0.44, 0.78, 0.56, 0.56, 0.7, 0.62).build();
    parts.push(bar(loop, "accent", 0.025), detail(rect(0.47, 0.38, 0.06, 0.04), "accent-"));
    return rotateParts(parts, rng.range(30, 50));
  },
};

export const periscope: IconShape = {
  primary: "grey",
  secondary: "glass",
  accent: "dark",
  build(rng) {
    const w = rng.range(0.1, 0.13);
    const top = rng.range(0.12, 0.18);
    const tube = rect(0.5 - w / 2, top + 0.08, w, 0.8 - top);
    const parts: Part[] = [solid(tube, "primary"), shadeRight(tube, "primary-", 0.5 + w * 0.1)];
    // the bent head looking sideways, and the eyepiece bent the other way at the foot
    const head = roundRect(0.5 - w / 2, top, w + 0.2, w + 0.02, 0.02);
    const foot = roundRect(0.5 - w / 2 - 0.18, 0.8, w + 0.18, w + 0.02, 0.02);
    parts.push(solid(head, "primary"), solid(foot, "primary"), detail(rect(0.5 - w / 2, top + w * 0.6, w + 0.2, 0.03), "primary-"));
    parts.push(solid(ellipse(0.5 + w / 2 + 0.2, top + (w + 0.02) / 2, 0.03, (w + 0.02) / 2), "secondary"));
    parts.push(solid(ellipse(0.5 - w / 2 - 0.18, 0.8 + (w + 0.02) / 2, 0.03, (w + 0.02) / 2), "accent"));
    for (const y of steps(top + 0.2, 0.72, 3)) parts.push(detail(rect(0.5 - w / 2, y, w, 0.025), "primary+"));
    parts.push(detail(ellipse(0.5 + w / 2 + 0.19, top + w * 0.3, 0.012, 0.02), "light"));
    return parts;
  },
};

export const buoy: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "sky",
  build(rng) {
    const r = rng.range(0.28, 0.32);
    const cy = 0.5;
    // a ring buoy: a red ring with white bands, a rope round it
    const parts: Part[] = [solid([circle(0.5, cy, r + 0.1), circle(0.5, cy, r - 0.1)], "primary", { rule: "evenodd" })];
    for (let i = 0; i < 4; i++) {
      const a = (i * Math.PI) / 2 + Math.PI / 4;
      const [x, y] = [0.5 + Math.cos(a) * r, cy + Math.sin(a) * r];
      parts.push(
        detail(ellipse(x, y, 0.1, 0.07, a + Math.PI / 2), "secondary", { clips: [[circle(0.5, cy, r + 0.1)], [rect(-1, -1, 3, 3), circle(0.5, cy, r - 0.1)]] }),
      );
    }
    parts.push(detail(circle(0.5, cy, r), "secondary-", { stroke: 0.02 }));
    parts.push(detail(ellipse(0.5, 0.9, 0.38, 0.05), "accent", { opacity: 0.7 }));
    return parts;
  },
};

export const birdhouse: IconShape = {
  primary: "brown",
  secondary: "red",
  accent: "tan",
  build(rng) {
    const w = rng.range(0.24, 0.28);
    const body = rect(0.5 - w, 0.36, w * 2, 0.4);
    const parts: Part[] = [bar(poly(0.5, 0.76, 0.5, 0.96), "accent-", 0.06), solid(body, "primary"), shadeRight(body, "primary-", 0.5 + w * 0.4)];
    parts.push(solid(poly(0.5 - w - 0.1, 0.4, 0.5, 0.1, 0.5 + w + 0.1, 0.4), "secondary"), detail(poly(0.5, 0.1, 0.5 + w + 0.1, 0.4, 0.5, 0.4), "secondary-"));
    parts.push(solid(circle(0.5, 0.52, 0.07), "dark"), bar(poly(0.5, 0.64, 0.5, 0.7), "accent", 0.03));
    return parts;
  },
};

/** A mask; "tiki": carved wood painted teal and red, with a crest of leaves. */
export const mask: IconShape = {
  primary: "brown",
  secondary: "red",
  accent: "white",
  reads: ["tiki"],
  primaryFor: (words) => (words.has("tiki") ? "tan" : undefined),
  build(rng, _hasEmblem, words) {
    const w = rng.range(0.26, 0.3);
    // a carved tiki or tribal mask: a long face, big eyes, a wide mouth of teeth
    const face = roundRect(0.5 - w, 0.08, w * 2, 0.84, 0.14);
    const parts: Part[] = [solid(face, "primary"), shadeRight(face, "primary-", 0.5 + w * 0.4)];
    parts.push(detail(rect(0.5 - w, 0.24, w * 2, 0.05), "secondary"), detail(rect(0.5 - w, 0.82, w * 2, 0.04), "secondary"));
    for (const x of [0.5 - w * 0.45, 0.5 + w * 0.45]) parts.push(detail(ellipse(x, 0.42, 0.08, 0.06), "accent"), detail(circle(x, 0.42, 0.03), "dark"));
    parts.push(detail(poly(0.46, 0.46, 0.54, 0.46, 0.56, 0.6, 0.44, 0.6), "primary-"));
    const mouth = roundRect(0.5 - w * 0.7, 0.64, w * 1.4, 0.12, 0.03);
    parts.push(detail(mouth, "dark"));
    for (const x of steps(0.5 - w * 0.55, 0.5 + w * 0.55, 5)) parts.push(detail(rect(x - 0.018, 0.65, 0.036, 0.05), "accent", { clips: [[mouth]] }));
    if (words?.has("tiki")) {
      // a crest of leaves behind the head, teal paint on the cheeks
      for (const a of [-0.5, -0.2, 0.2, 0.5]) parts.unshift(solid(ellipse(0.5 + a * 0.5, 0.08, 0.07, 0.16, a), "secondary+"));
      for (const x of [0.5 - w * 0.6, 0.5 + w * 0.6]) parts.push(detail(rect(x - 0.04, 0.5, 0.08, 0.1), "accent", { opacity: 0.9 }));
      parts.push(detail(rect(0.5 - w, 0.3, w * 2, 0.03), "accent"));
    }
    return parts;
  },
};

export const bale: IconShape = {
  primary: "gold",
  secondary: "brown",
  accent: "tan",
  build(rng) {
    // a rectangular bale of hay, tied with two cords, straws sticking out
    const [x0, y0, x1, y1] = [0.12, rng.range(0.3, 0.36), 0.88, 0.86];
    const front = rect(x0, y0 + 0.1, x1 - x0 - 0.12, y1 - y0 - 0.1);
    const top = poly(x0, y0 + 0.1, x0 + 0.12, y0, x1, y0, x1 - 0.12, y0 + 0.1);
    const side = poly(x1 - 0.12, y0 + 0.1, x1, y0, x1, y1 - 0.1, x1 - 0.12, y1);
    const parts: Part[] = [solid(front, "primary"), solid(top, "primary+"), solid(side, "primary-")];
    for (let i = 0; i < 14; i++) {
      const [x, y] = [rng.range(x0 + 0.02, x1 - 0.16), rng.range(y0 + 0.14, y1 - 0.04)];
      parts.push(line(poly(x, y, x + rng.range(-0.06, 0.06), y + 0.04), "primary-", 0.012));
    }
    for (const x of [x0 + 0.2, x1 - 0.34])
      parts.push(bar(poly(x, y0 + 0.1, x, y1), "secondary", 0.025), line(poly(x, y0 + 0.1, x + 0.12, y0), "secondary", 0.02));
    return parts;
  },
};
