/** Icon shapes of props: lights and fires, signs and flags, fences, ladders, carts and stones. */
import { circle, ellipse, PathBuilder, rect, roundRect, type Contour } from "../../kit/geometry.js";
import type { IconShape, Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

/** A small flame standing on (cx, base), `h` tall. */
function smallFlame(cx: number, base: number, h: number, lean: number): Contour {
  const w = h * 0.42;
  return new PathBuilder(cx + lean, base - h)
    .cubicTo(cx + w * 0.5, base - h * 0.6, cx + w, base - h * 0.45, cx + w, base - h * 0.22)
    .cubicTo(cx + w, base, cx - w, base, cx - w, base - h * 0.22)
    .cubicTo(cx - w, base - h * 0.45, cx - w * 0.2, base - h * 0.6, cx + lean, base - h)
    .build();
}

function flameParts(cx: number, base: number, h: number, lean: number): Part[] {
  const outer = smallFlame(cx, base, h, lean);
  return [
    solid(outer, "accent"),
    detail(smallFlame(cx, base - h * 0.05, h * 0.62, lean * 0.5), "accent+"),
    detail(smallFlame(cx, base - h * 0.08, h * 0.32, 0), "light", { opacity: 0.9 }),
  ];
}

export const lantern: IconShape = {
  primary: "black",
  secondary: "glass",
  accent: "orange",
  build(rng) {
    const w = rng.range(0.2, 0.25);
    const [top, bottom] = [0.3, rng.range(0.78, 0.84)];
    const glass = rect(0.5 - w, top, w * 2, bottom - top);
    const parts: Part[] = [solid(ellipse(0.5, 0.1, 0.08, 0.07), "primary", { stroke: 0.035 })];
    parts.push(solid(poly(0.5 - w - 0.06, top + 0.01, 0.5 - 0.08, 0.16, 0.5 + 0.08, 0.16, 0.5 + w + 0.06, top + 0.01), "primary"));
    parts.push(solid(glass, "secondary"), detail(glass, "accent", { opacity: 0.35 }));
    parts.push(...flameParts(0.5, bottom - 0.08, rng.range(0.24, 0.32), rng.range(-0.03, 0.03)));
    parts.push(solid(rect(0.5 - 0.05, bottom - 0.1, 0.1, 0.1), "light-"));
    for (const x of rng.chance(0.5) ? [0.5 - w, 0.5 + w] : [0.5 - w, 0.5, 0.5 + w]) parts.push(bar(poly(x, top, x, bottom), "primary", 0.04));
    parts.push(
      solid(roundRect(0.5 - w - 0.06, bottom, (w + 0.06) * 2, 0.08, 0.02), "primary"),
      detail(rect(0.5 - w - 0.04, bottom + 0.01, w * 2 + 0.08, 0.02), "primary+"),
    );
    parts.push(shine(0.5 - w + 0.06, top + 0.14, 0.015, 0.08, 0, 0.8));
    return parts;
  },
};

export const candle: IconShape = {
  primary: "beige",
  secondary: "gold",
  accent: "orange",
  build(rng) {
    const w = rng.range(0.1, 0.14);
    const top = rng.range(0.34, 0.46);
    const body = roundRect(0.5 - w, top, w * 2, 0.8 - top, 0.02);
    const parts: Part[] = [];
    const holder = rng.chance(0.6);
    if (holder)
      parts.push(
        solid(ellipse(0.5, 0.86, 0.3, 0.07), "secondary"),
        detail(ellipse(0.5, 0.84, 0.22, 0.04), "secondary+"),
        solid(new PathBuilder(0.8, 0.8).quadTo(0.96, 0.8, 0.9, 0.68).build(), "secondary", { stroke: 0.035 }),
      );
    else parts.push(solid(ellipse(0.5, 0.82, w + 0.04, 0.04), "primary-"));
    parts.push(solid(body, "primary"), shadeRight(body, "primary-", 0.5 + w * 0.3));
    parts.push(
      solid(
        new PathBuilder(0.5 - w, top + 0.02)
          .quadTo(0.5, top - 0.03, 0.5 + w, top + 0.02)
          .lineTo(0.5 + w, top + 0.08)
          .quadTo(0.5 + w - 0.03, top + 0.18, 0.5 + w - 0.05, top + 0.06)
          .lineTo(0.5 - w + 0.04, top + 0.06)
          .quadTo(0.5 - w + 0.02, top + 0.12, 0.5 - w, top + 0.07)
          .build(),
        "primary+",
      ),
    );
    parts.push(line(poly(0.5, top, 0.5, top - 0.05), "dark", 0.014));
    parts.push(...flameParts(0.5, top - 0.03, rng.range(0.22, 0.3), rng.range(-0.04, 0.04)));
    return parts;
  },
};

export const torch: IconShape = {
  primary: "orange",
  secondary: "brown",
  accent: "yellow",
  build(rng) {
    const lean = rng.range(-0.05, 0.05);
    const h = rng.range(0.42, 0.5);
    const parts: Part[] = [bar(poly(0.5, 0.94, 0.5, 0.44), "secondary", 0.08), line(poly(0.485, 0.92, 0.485, 0.46), "secondary+", 0.02)];
    const outer = smallFlame(0.5, 0.42, h, lean);
    parts.push(
      solid(outer, "primary"),
      rimShade(outer, "primary-", -0.04, -0.02),
      detail(smallFlame(0.5, 0.4, h * 0.66, lean * 0.6), "accent"),
      detail(smallFlame(0.5, 0.38, h * 0.34, 0), "light", { opacity: 0.9 }),
    );
    parts.push(solid(poly(0.36, 0.36, 0.64, 0.36, 0.58, 0.5, 0.42, 0.5), "metal-"));
    for (const y of [0.4, 0.45]) parts.push(line(poly(0.38, y, 0.62, y), "metal--", 0.012));
    if (rng.chance(0.5))
      for (const [x, y] of [
        [0.26, 0.22],
        [0.76, 0.3],
        [0.7, 0.1],
      ] as const)
        parts.push(detail(circle(x + lean, y, 0.02), "accent"));
    return parts;
  },
};

export const campfire: IconShape = {
  primary: "orange",
  secondary: "brown",
  accent: "yellow",
  build(rng) {
    const parts: Part[] = [];
    const stones = rng.chance(0.5);
    if (stones)
      for (const x of steps(0.14, 0.86, 6)) parts.push(solid(ellipse(x, 0.88, 0.075, 0.05), "metal-"), detail(ellipse(x - 0.02, 0.87, 0.04, 0.02), "metal"));
    parts.push(solid(poly(0.12, 0.84, 0.2, 0.74, 0.88, 0.62, 0.9, 0.72, 0.2, 0.88), "secondary"));
    parts.push(solid(poly(0.1, 0.68, 0.16, 0.6, 0.88, 0.8, 0.82, 0.88), "secondary-"), detail(ellipse(0.85, 0.84, 0.04, 0.04), "secondary+"));
    const h = rng.range(0.52, 0.62);
    const lean = rng.range(-0.06, 0.06);
    const outer = smallFlame(0.5, 0.78, h, lean);
    parts.push(
      solid(outer, "primary"),
      detail(smallFlame(0.5, 0.76, h * 0.64, lean * 0.5), "accent"),
      detail(smallFlame(0.5, 0.76, h * 0.3, 0), "light", { opacity: 0.85 }),
    );
    if (rng.chance(0.6)) parts.push(solid(smallFlame(0.3, 0.74, h * 0.4, -0.04), "primary"), solid(smallFlame(0.7, 0.74, h * 0.36, 0.04), "primary"));
    return parts;
  },
};

export const banner: IconShape = {
  primary: "red",
  secondary: "gold",
  accent: "brown",
  emblem: { cx: 0.58, cy: 0.4, r: 0.14 },
  build(rng, hasEmblem) {
    const hanging = rng.chance(0.5);
    const parts: Part[] = [];
    if (hanging) {
      const tail = rng.chance(0.5)
        ? poly(0.28, 0.16, 0.72, 0.16, 0.72, 0.9, 0.5, 0.76, 0.28, 0.9)
        : poly(0.28, 0.16, 0.72, 0.16, 0.72, 0.84, 0.61, 0.92, 0.5, 0.84, 0.39, 0.92, 0.28, 0.84);
      parts.push(bar(poly(0.16, 0.14, 0.84, 0.14), "accent", 0.05), solid(circle(0.16, 0.14, 0.04), "secondary"), solid(circle(0.84, 0.14, 0.04), "secondary"));
      parts.push(solid(tail, "primary"), shadeRight(tail, "primary-", 0.62), detail(rect(0.28, 0.18, 0.44, 0.05), "secondary"));
      if (!hasEmblem) parts.push(detail(poly(0.5, 0.32, 0.6, 0.46, 0.5, 0.6, 0.4, 0.46), "secondary"));
      return parts;
    }
    const wave = rng.range(0.04, 0.08);
    const flag = new PathBuilder(0.24, 0.12)
      .cubicTo(0.44, 0.12 - wave, 0.64, 0.12 + wave, 0.9, 0.1)
      .lineTo(0.86, 0.4)
      .lineTo(0.92, 0.64)
      .cubicTo(0.66, 0.66 + wave, 0.46, 0.6 - wave, 0.24, 0.62)
      .build();
    parts.push(bar(poly(0.2, 0.08, 0.2, 0.96), "accent", 0.05), solid(circle(0.2, 0.07, 0.045), "secondary"));
    parts.push(solid(flag, "primary"), detail(flag, "primary-", { clips: [[rect(0.5, 0, 0.2, 1)]] }), detail(flag, "secondary", { stroke: 0.02 }));
    if (!hasEmblem) parts.push(detail(circle(0.56, 0.38, 0.08), "secondary"));
    return parts;
  },
};

export const sign: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "dark",
  build(rng) {
    const arrow = rng.chance(0.45);
    const parts: Part[] = [bar(poly(0.5, 0.3, 0.5, 0.94), "secondary", 0.08), line(poly(0.485, 0.3, 0.485, 0.92), "secondary+", 0.02)];
    const y = rng.range(0.12, 0.2);
    const board = arrow ? poly(0.1, y, 0.74, y, 0.92, y + 0.17, 0.74, y + 0.34, 0.1, y + 0.34) : roundRect(0.1, y, 0.8, 0.36, 0.04);
    parts.push(solid(board, "primary"), rimShade(board, "primary-", -0.03, -0.03));
    for (const dy of [0.11, 0.23]) parts.push(line(poly(0.12, y + dy, 0.86, y + dy), "primary-", 0.01, { clips: [[board]] }));
    for (const [i, dy] of [0.1, 0.18, 0.26].entries())
      parts.push(line(poly(0.2, y + dy, 0.2 + rng.range(0.3, 0.5) - i * 0.05, y + dy), "accent", 0.024, { opacity: 0.75 }));
    for (const x of [0.15, arrow ? 0.7 : 0.85]) parts.push(detail(circle(x, y + 0.05, 0.018), "metal"));
    if (!arrow && rng.chance(0.5))
      parts.push(solid(roundRect(0.2, y + 0.42, 0.6, 0.16, 0.03), "primary"), line(poly(0.3, y + 0.5, 0.66, y + 0.5), "accent", 0.022, { opacity: 0.7 }));
    return parts;
  },
};

export const fence: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "metal",
  build(rng) {
    const posts = rng.int(3, 4);
    const pointed = rng.chance(0.6);
    const parts: Part[] = [];
    const rails = rng.chance(0.5) ? [0.4, 0.7] : [0.34, 0.56, 0.78];
    for (const y of rails) parts.push(solid(rect(0.04, y - 0.045, 0.92, 0.09), "secondary"), detail(rect(0.04, y - 0.045, 0.92, 0.025), "secondary+"));
    const w = 0.72 / posts;
    for (const x of steps(0.14, 0.86, posts)) {
      const h = rng.range(0.12, 0.2);
      const post = pointed
        ? poly(x - w * 0.32, 0.92, x - w * 0.32, h + 0.1, x, h, x + w * 0.32, h + 0.1, x + w * 0.32, 0.92)
        : roundRect(x - w * 0.32, h, w * 0.64, 0.92 - h, 0.04);
      parts.push(solid(post, "primary"), shadeRight(post, "primary-", x + w * 0.1));
      for (const y of rails) parts.push(detail(circle(x, y, 0.018), "accent"));
    }
    return parts;
  },
};

export const ladder: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "white",
  build(rng) {
    const w = rng.range(0.2, 0.26);
    const rungs = rng.int(4, 6);
    const tilt = rng.range(-0.08, 0.08);
    const parts: Part[] = [];
    for (const y of steps(0.18, 0.84, rungs)) parts.push(solid(rect(0.5 - w + tilt * (0.5 - y), y - 0.025, w * 2, 0.05), "secondary"));
    for (const d of [-1, 1]) {
      const rail = poly(0.5 + d * w + tilt * 0.45, 0.04, 0.5 + d * w - tilt * 0.46, 0.96);
      parts.push(
        bar(rail, "primary", 0.075),
        line(
          rail.map(([x, y]) => [x - 0.015, y] as const),
          "primary+",
          0.02,
        ),
      );
    }
    return parts;
  },
};

export const cart: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "metal",
  build(rng) {
    const load = rng.int(0, 2);
    const wheelR = rng.range(0.15, 0.18);
    const bed = poly(0.08, 0.36, 0.92, 0.36, 0.86, 0.66, 0.14, 0.66);
    const parts: Part[] = [bar(poly(0.86, 0.56, 0.99, 0.46), "primary-", 0.04)];
    if (load === 1)
      for (const [x, y] of [
        [0.3, 0.32],
        [0.5, 0.28],
        [0.68, 0.32],
        [0.42, 0.2],
      ] as const)
        parts.push(solid(circle(x, y, 0.1), "secondary"));
    if (load === 2) parts.push(solid(roundRect(0.2, 0.12, 0.28, 0.26, 0.04), "secondary"), solid(roundRect(0.5, 0.18, 0.26, 0.2, 0.04), "secondary-"));
    parts.push(solid(bed, "primary"), detail(rect(0.08, 0.36, 0.84, 0.05), "primary+"), line(poly(0.1, 0.5, 0.9, 0.5), "primary-", 0.014));
    for (const x of [0.3, 0.7]) {
      parts.push(solid(circle(x, 0.74, wheelR), "primary-"), detail(circle(x, 0.74, wheelR - 0.035), "accent", { stroke: 0.02 }));
      for (let i = 0; i < 4; i++) {
        const a = (i / 4) * Math.PI + 0.3;
        parts.push(
          line(poly(x - Math.cos(a) * wheelR, 0.74 - Math.sin(a) * wheelR, x + Math.cos(a) * wheelR, 0.74 + Math.sin(a) * wheelR), "primary--", 0.016),
        );
      }
      parts.push(detail(circle(x, 0.74, 0.035), "accent"));
    }
    return parts;
  },
};

export const tombstone: IconShape = {
  primary: "grey",
  secondary: "green",
  accent: "dark",
  emblem: { cx: 0.5, cy: 0.4, r: 0.14 },
  build(rng, hasEmblem) {
    const w = rng.range(0.26, 0.32);
    const cross = !hasEmblem && rng.chance(0.3);
    const parts: Part[] = [solid(ellipse(0.5, 0.9, 0.42, 0.07), "secondary"), detail(ellipse(0.46, 0.88, 0.3, 0.03), "secondary+")];
    const stone = cross
      ? poly(0.44, 0.1, 0.56, 0.1, 0.56, 0.3, 0.74, 0.3, 0.74, 0.42, 0.56, 0.42, 0.56, 0.88, 0.44, 0.88, 0.44, 0.42, 0.26, 0.42, 0.26, 0.3, 0.44, 0.3)
      : new PathBuilder(0.5 - w, 0.88)
          .lineTo(0.5 - w, 0.36)
          .quadTo(0.5 - w, 0.1, 0.5, 0.1)
          .quadTo(0.5 + w, 0.1, 0.5 + w, 0.36)
          .lineTo(0.5 + w, 0.88)
          .build();
    parts.push(solid(stone, "primary"), shadeRight(stone, "primary-", cross ? 0.52 : 0.5 + w - 0.07));
    if (!cross) {
      if (hasEmblem) parts.push(detail(circle(0.5, 0.4, 0.16), "primary-"));
      else if (rng.chance(0.5))
        parts.push(line(poly(0.5, 0.26, 0.5, 0.5), "accent", 0.035, { opacity: 0.6 }), line(poly(0.42, 0.34, 0.58, 0.34), "accent", 0.035, { opacity: 0.6 }));
      else parts.push(detail(rect(0.38, 0.3, 0.24, 0.06), "primary--"), detail(rect(0.4, 0.42, 0.2, 0.025), "primary--"));
      for (const dy of [0.6, 0.68]) parts.push(line(poly(0.5 - w + 0.08, dy, 0.5 + w - 0.08, dy), "primary-", 0.016));
      if (rng.chance(0.5)) parts.push(line(poly(0.5 + w - 0.02, 0.3, 0.5 + w - 0.1, 0.42, 0.5 + w - 0.06, 0.5), "primary--", 0.014));
    }
    parts.push(solid(poly(0.22, 0.88, 0.26, 0.76, 0.3, 0.88), "secondary"), solid(poly(0.7, 0.88, 0.74, 0.74, 0.78, 0.88), "secondary"));
    return parts;
  },
};

export const statue: IconShape = {
  primary: "grey",
  secondary: "grey",
  accent: "green",
  build(rng) {
    const arm = rng.range(-0.1, 0.12);
    const parts: Part[] = [solid(rect(0.22, 0.76, 0.56, 0.18), "primary-"), solid(rect(0.18, 0.72, 0.64, 0.06), "primary")];
    const body = new PathBuilder(0.36, 0.72).lineTo(0.38, 0.4).quadTo(0.5, 0.33, 0.62, 0.4).lineTo(0.64, 0.72).build();
    parts.push(bar(poly(0.62, 0.42, 0.76, 0.32 + arm, 0.78, 0.18 + arm), "primary", 0.06), bar(poly(0.38, 0.42, 0.3, 0.58), "primary", 0.06));
    parts.push(
      solid(body, "primary"),
      solid(circle(0.5, 0.26, 0.1), "primary"),
      rimShade(body, "primary-", -0.05, 0),
      detail(circle(0.5, 0.26, 0.1), "primary-", { clips: [[rect(0.53, 0, 1, 1)]] }),
    );
    const held = rng.int(0, 2);
    if (held === 0) parts.push(bar(poly(0.79, 0.06, 0.78, 0.5), "primary+", 0.03));
    else if (held === 1) parts.push(solid(circle(0.79, 0.14 + arm, 0.06), "primary+"));
    else parts.push(solid(poly(0.7, 0.1 + arm, 0.86, 0.1 + arm, 0.78, 0.22 + arm), "primary+"));
    for (const y of [0.52, 0.62]) parts.push(line(poly(0.4, y, 0.6, y + 0.02), "primary-", 0.012));
    parts.push(detail(rect(0.22, 0.8, 0.56, 0.02), "primary--"));
    if (rng.chance(0.4))
      parts.push(detail(ellipse(0.3, 0.9, 0.08, 0.04), "accent", { opacity: 0.8 }), detail(ellipse(0.66, 0.76, 0.06, 0.025), "accent", { opacity: 0.8 }));
    return parts;
  },
};
