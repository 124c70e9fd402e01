/** Icon shapes of props: books and shelves, containers, tools of the forge and the kitchen. */
import { circle, ellipse, PathBuilder, rect, roundRect, star } from "../../kit/geometry.js";
import type { Fill, IconShape, Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

const BOOK_FILLS: readonly Fill[] = ["primary", "secondary", "accent", "primary-", "secondary+", "accent-"];

export const bookshelf: IconShape = {
  primary: "red",
  secondary: "blue",
  accent: "green",
  build(rng) {
    const shelves = rng.int(2, 3);
    const frame = rect(0.12, 0.06, 0.76, 0.9);
    const parts: Part[] = [solid(frame, "wood"), detail(rect(0.17, 0.1, 0.66, 0.82), "wood--")];
    const rowH = 0.82 / shelves;
    for (let s = 0; s < shelves; s++) {
      const floor = 0.1 + rowH * (s + 1);
      let x = 0.18;
      let lying = false;
      while (x < 0.78) {
        const w = rng.range(0.05, 0.09);
        const h = rowH * rng.range(0.62, 0.88);
        if (x + w > 0.82) break;
        const fill = rng.pick(BOOK_FILLS);
        if (!lying && rng.chance(0.15) && x + h < 0.82) {
          lying = true;
          parts.push(detail(rect(x, floor - w, h, w), fill), detail(rect(x, floor - w * 0.6, h, 0.012), "light", { opacity: 0.5 }));
          x += h + 0.01;
          continue;
        }
        parts.push(detail(rect(x, floor - h, w, h), fill), detail(rect(x, floor - h * 0.8, w, 0.014), "light", { opacity: 0.45 }));
        x += w + rng.range(0, 0.012);
      }
      parts.push(detail(rect(0.15, floor - 0.012, 0.7, 0.04), "wood+"));
    }
    parts.push(solid(rect(0.08, 0.04, 0.84, 0.06), "wood+"));
    return parts;
  },
};

export const book: IconShape = {
  primary: "red",
  secondary: "gold",
  accent: "beige",
  emblem: { cx: 0.46, cy: 0.46, r: 0.16 },
  build(rng, hasEmblem) {
    const tilt = rng.range(-0.04, 0.04);
    const [x0, x1, y0, y1] = [0.16, rng.range(0.76, 0.82), 0.08 + tilt, 0.86 + tilt];
    const cover = roundRect(x0, y0, x1 - x0, y1 - y0, 0.04);
    const parts: Part[] = [
      solid(poly(x0 + 0.06, y1, x1 + 0.06, y1 - 0.02, x1 + 0.06, y0 + 0.06, x1, y0 + 0.02, x1, y1 - 0.04, x0 + 0.06, y1 - 0.04), "accent"),
      solid(roundRect(x0 + 0.02, y0 + 0.05, x1 - x0 + 0.06, y1 - y0 + 0.02, 0.04), "accent"),
    ];
    for (const y of steps(y0 + 0.1, y1 - 0.02, 6)) parts.push(line(poly(x1 + 0.01, y, x1 + 0.07, y - 0.01), "accent-", 0.008));
    parts.push(solid(cover, "primary"), detail(rect(x0, y0, 0.08, y1 - y0), "primary-", { clips: [[cover]] }));
    parts.push(detail(roundRect(x0 + 0.14, y0 + 0.08, x1 - x0 - 0.22, y1 - y0 - 0.16, 0.03), "secondary", { stroke: 0.018 }));
    if (!hasEmblem) {
      const kind = rng.int(0, 2);
      const [cx, cy] = [(x0 + 0.08 + x1) / 2, (y0 + y1) / 2];
      parts.push(
        kind === 0
          ? detail(star(cx, cy, 0.12, 0.05, 5), "secondary")
          : kind === 1
            ? detail(circle(cx, cy, 0.09), "secondary")
            : detail(poly(cx, cy - 0.13, cx + 0.08, cy, cx, cy + 0.13, cx - 0.08, cy), "secondary"),
      );
      if (kind === 1) parts.push(detail(circle(cx, cy, 0.05), "primary+"));
    }
    if (rng.chance(0.5))
      parts.push(solid(poly(x1 - 0.2, y1 - 0.01, x1 - 0.2, y1 + 0.1, x1 - 0.17, y1 + 0.07, x1 - 0.14, y1 + 0.1, x1 - 0.14, y1 - 0.01), "secondary-"));
    if (rng.chance(0.5)) parts.push(solid(roundRect(x1 - 0.04, (y0 + y1) / 2 - 0.06, 0.12, 0.12, 0.02), "secondary"));
    return parts;
  },
};

export const drawers: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "white",
  build(rng) {
    const rows = rng.int(3, 4);
    const w = rng.range(0.34, 0.4);
    const [top, bottom] = [rng.range(0.1, 0.18), 0.86];
    const body = rect(0.5 - w, top, w * 2, bottom - top);
    const parts: Part[] = [];
    for (const x of [0.5 - w + 0.06, 0.5 + w - 0.06]) parts.push(bar(poly(x, bottom, x, 0.95), "primary-", 0.05));
    parts.push(solid(body, "primary"), solid(rect(0.5 - w - 0.03, top - 0.04, w * 2 + 0.06, 0.06), "primary+"));
    const h = (bottom - top - 0.06) / rows;
    const twoKnobs = rng.chance(0.5);
    for (let r = 0; r < rows; r++) {
      const y = top + 0.04 + r * h;
      parts.push(detail(rect(0.5 - w + 0.05, y, w * 2 - 0.1, h - 0.03), "primary+"), detail(rect(0.5 - w + 0.05, y + h - 0.05, w * 2 - 0.1, 0.02), "primary-"));
      for (const x of twoKnobs ? [0.5 - w * 0.45, 0.5 + w * 0.45] : [0.5]) parts.push(detail(circle(x, y + h * 0.42, 0.025), "secondary"));
    }
    parts.push(shadeRight(body, "primary-", 0.5 + w - 0.05));
    return parts;
  },
};

export const bucket: IconShape = {
  primary: "brown",
  secondary: "metal",
  accent: "blue",
  build(rng) {
    const [top, bottom] = [rng.range(0.3, 0.36), 0.9];
    const [wt, wb] = [rng.range(0.33, 0.37), rng.range(0.24, 0.28)];
    const body = poly(0.5 - wt, top, 0.5 + wt, top, 0.5 + wb, bottom, 0.5 - wb, bottom);
    const parts: Part[] = [
      bar(new PathBuilder(0.5 - wt + 0.02, top + 0.04).cubicTo(0.5 - wt, 0.02, 0.5 + wt, 0.02, 0.5 + wt - 0.02, top + 0.04).build(), "secondary", 0.03),
    ];
    parts.push(solid(body, "primary"), shadeRight(body, "primary-", 0.62));
    for (const t of steps(-0.7, 0.7, rng.int(4, 5))) parts.push(line(poly(0.5 + t * wt, top, 0.5 + t * wb, bottom), "primary--", 0.012));
    for (const y of [top + 0.12, bottom - 0.1]) parts.push(detail(rect(0, y, 1, 0.05), "secondary", { clips: [[body]] }));
    parts.push(solid(ellipse(0.5, top, wt, 0.06), "primary-"));
    if (rng.chance(0.6)) parts.push(detail(ellipse(0.5, top + 0.01, wt - 0.04, 0.04), "accent"), shine(0.42, top, 0.06, 0.012, 0));
    else parts.push(detail(ellipse(0.5, top + 0.01, wt - 0.04, 0.04), "primary--"));
    return parts;
  },
};

export const pot: IconShape = {
  primary: "orange",
  secondary: "brown",
  accent: "beige",
  build(rng) {
    const belly = rng.range(0.3, 0.38);
    const neck = rng.range(0.12, 0.16);
    const waist = rng.range(0.45, 0.6);
    const body = new PathBuilder(0.5 - neck, 0.14)
      .lineTo(0.5 + neck, 0.14)
      .cubicTo(0.5 + neck, 0.3, 0.5 + belly, 0.32, 0.5 + belly, waist)
      .cubicTo(0.5 + belly, 0.8, 0.6, 0.92, 0.5, 0.92)
      .cubicTo(0.4, 0.92, 0.5 - belly, 0.8, 0.5 - belly, waist)
      .cubicTo(0.5 - belly, 0.32, 0.5 - neck, 0.3, 0.5 - neck, 0.14)
      .build();
    const parts: Part[] = [];
    if (rng.chance(0.45))
      for (const d of [-1, 1])
        parts.push(bar(new PathBuilder(0.5 + d * neck, 0.2).quadTo(0.5 + d * (belly + 0.08), 0.2, 0.5 + d * (belly - 0.04), 0.42).build(), "primary-", 0.035));
    parts.push(solid(body, "primary"), rimShade(body, "primary-", -0.06, -0.02));
    parts.push(solid(roundRect(0.5 - neck - 0.05, 0.09, (neck + 0.05) * 2, 0.07, 0.03), "primary+"));
    const band = waist - 0.06;
    const zig = rng.chance(0.5);
    parts.push(detail(rect(0, band - 0.05, 1, 0.1), "secondary", { clips: [[body]] }));
    if (zig) {
      const pts: number[] = [];
      for (let i = 0; i <= 12; i++) pts.push(0.1 + i * 0.066, band + (i % 2 ? -0.035 : 0.035));
      parts.push(line(poly(...pts), "accent", 0.018, { clips: [[body]] }));
    } else for (const x of steps(0.25, 0.75, 5)) parts.push(detail(circle(x, band, 0.022), "accent", { clips: [[body]] }));
    parts.push(shine(0.5 - belly * 0.55, waist - 0.02, 0.025, 0.08, 10));
    return parts;
  },
};

export const bag: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "gold",
  emblem: { cx: 0.5, cy: 0.64, r: 0.15 },
  build(rng, hasEmblem) {
    const w = rng.range(0.34, 0.4);
    const tie = rng.range(0.3, 0.36);
    const body = new PathBuilder(0.42, tie)
      .cubicTo(0.5 - w - 0.06, tie + 0.12, 0.5 - w, 0.92, 0.5, 0.92)
      .cubicTo(0.5 + w, 0.92, 0.5 + w + 0.06, tie + 0.12, 0.58, tie)
      .build();
    const top = poly(0.42, tie, 0.3, tie - 0.2, 0.4, tie - 0.14, 0.46, tie - 0.24, 0.54, tie - 0.14, 0.64, tie - 0.22, 0.58, tie);
    const parts: Part[] = [solid(top, "primary-"), solid(body, "primary"), rimShade(body, "primary-", -0.06, -0.04)];
    parts.push(
      bar(poly(0.4, tie + 0.01, 0.6, tie + 0.01), "secondary", 0.045),
      line(new PathBuilder(0.58, tie).quadTo(0.7, tie + 0.04, 0.66, tie + 0.14).build(), "secondary", 0.02),
    );
    const mark = hasEmblem ? 2 : rng.int(0, 2);
    if (mark === 0) parts.push(detail(circle(0.5, 0.64, 0.11), "accent"), detail(circle(0.5, 0.64, 0.07), "accent+"));
    else if (mark === 1) parts.push(detail(roundRect(0.56, 0.66, 0.14, 0.12, 0.02), "primary-"), line(poly(0.57, 0.67, 0.69, 0.77), "secondary", 0.01));
    if (rng.chance(0.5))
      for (const [x, y] of [
        [0.22, 0.9],
        [0.8, 0.88],
      ] as const)
        parts.push(solid(ellipse(x, y, 0.07, 0.045), "accent"), detail(ellipse(x - 0.01, y - 0.01, 0.04, 0.02), "accent+"));
    parts.push(shine(0.33, 0.56, 0.03, 0.08, 20, 0.4));
    return parts;
  },
};

export const backpack: IconShape = {
  primary: "green",
  secondary: "brown",
  accent: "gold",
  build(rng) {
    const w = rng.range(0.28, 0.32);
    const body = roundRect(0.5 - w, 0.16, w * 2, 0.76, 0.14);
    const parts: Part[] = [bar(new PathBuilder(0.38, 0.2).quadTo(0.5, 0.02, 0.62, 0.2).build(), "secondary", 0.04)];
    for (const d of [-1, 1]) parts.push(solid(roundRect(d < 0 ? 0.5 - w - 0.08 : 0.5 + w - 0.02, 0.46, 0.1, 0.3, 0.04), "primary-"));
    parts.push(solid(body, "primary"), shadeRight(body, "primary-", 0.5 + w - 0.07));
    const flapY = rng.range(0.4, 0.46);
    parts.push(
      solid(
        new PathBuilder(0.5 - w, 0.3)
          .quadTo(0.5 - w, 0.16, 0.5, 0.16)
          .quadTo(0.5 + w, 0.16, 0.5 + w, 0.3)
          .lineTo(0.5 + w, flapY)
          .quadTo(0.5, flapY + 0.06, 0.5 - w, flapY)
          .build(),
        "primary+",
      ),
    );
    const pocket = roundRect(0.5 - w + 0.08, 0.58, (w - 0.08) * 2, 0.26, 0.05);
    parts.push(solid(pocket, "primary-"), detail(pocket, "primary--", { stroke: 0.012 }));
    parts.push(solid(roundRect(0.46, flapY - 0.04, 0.08, 0.1, 0.02), "accent"), detail(rect(0.485, flapY - 0.02, 0.03, 0.05), "accent--"));
    if (rng.chance(0.5))
      parts.push(solid(roundRect(0.5 - w - 0.04, 0.84, w * 2 + 0.08, 0.1, 0.05), "secondary+"), line(poly(0.5 - w, 0.89, 0.5 + w, 0.89), "secondary-", 0.012));
    return parts;
  },
};

export const rope: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const loops = rng.int(3, 4);
    const parts: Part[] = [];
    const end = new PathBuilder(0.72, 0.6).quadTo(0.95, 0.7, 0.86, 0.92).build();
    parts.push(bar(end, "primary", 0.07), line(end, "primary-", 0.02));
    for (let i = 0; i < loops; i++) {
      const y = 0.34 + (i * 0.34) / loops;
      const ring = ellipse(0.47, y, 0.34 - i * 0.01, 0.16, rng.range(-0.08, 0.08));
      parts.push(solid(ring, "primary", { stroke: 0.075 }));
      parts.push(detail(ring, "primary-", { stroke: 0.024 }));
    }
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      const [x, y] = [0.47 + Math.cos(a) * 0.34, 0.34 + Math.sin(a) * 0.16];
      parts.push(line(poly(x - 0.02, y - 0.025, x + 0.02, y + 0.025), "secondary", 0.012));
    }
    parts.push(solid(circle(0.86, 0.92, 0.04), "primary+"));
    return parts;
  },
};

export const bell: IconShape = {
  primary: "gold",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const flare = rng.range(0.38, 0.44);
    const crown = rng.range(0.17, 0.21);
    const body = new PathBuilder(0.5 - crown, 0.26)
      .quadTo(0.5, 0.06, 0.5 + crown, 0.26)
      .cubicTo(0.5 + crown + 0.04, 0.5, 0.5 + flare - 0.06, 0.66, 0.5 + flare, 0.78)
      .lineTo(0.5 - flare, 0.78)
      .cubicTo(0.5 - flare + 0.06, 0.66, 0.5 - crown - 0.04, 0.5, 0.5 - crown, 0.26)
      .build();
    const parts: Part[] = [solid(ellipse(0.5, 0.1, 0.06, 0.06), "primary-", { stroke: 0.035 })];
    parts.push(solid(circle(0.5, 0.83, 0.07), "primary-"), solid(body, "primary"), rimShade(body, "primary-", -0.06, 0));
    parts.push(solid(roundRect(0.5 - flare - 0.03, 0.74, (flare + 0.03) * 2, 0.07, 0.03), "primary+"));
    if (rng.chance(0.5)) parts.push(line(new PathBuilder(0.5 - crown - 0.03, 0.5).quadTo(0.5, 0.54, 0.5 + crown + 0.03, 0.5).build(), "primary-", 0.018));
    parts.push(shine(0.39, 0.42, 0.025, 0.11, 18));
    if (rng.chance(0.5)) parts.push(solid(poly(0.14, 0.28, 0.32, 0.34, 0.3, 0.38), "secondary"), solid(poly(0.86, 0.28, 0.68, 0.34, 0.7, 0.38), "secondary"));
    return parts;
  },
};

export const anvil: IconShape = {
  primary: "steel",
  secondary: "brown",
  accent: "orange",
  build(rng) {
    const horn = rng.range(0.04, 0.1);
    const top = rng.range(0.28, 0.34);
    const face = new PathBuilder(horn, top)
      .quadTo(0.2, top + 0.14, 0.3, top + 0.16)
      .lineTo(0.36, top + 0.16)
      .lineTo(0.4, 0.62)
      .lineTo(0.3, 0.7)
      .lineTo(0.74, 0.7)
      .lineTo(0.64, 0.62)
      .lineTo(0.66, top + 0.16)
      .lineTo(0.9, top + 0.16)
      .lineTo(0.92, top)
      .build();
    const parts: Part[] = [
      solid(rect(0.24, 0.74, 0.56, 0.18), "secondary"),
      detail(rect(0.24, 0.74, 0.56, 0.04), "secondary+"),
      solid(face, "primary"),
      solid(rect(0.26, 0.68, 0.52, 0.06), "primary-"),
    ];
    parts.push(detail(poly(horn, top, 0.92, top, 0.92, top + 0.04, horn + 0.08, top + 0.04), "primary++"), shadeRight(face, "primary-", 0.64));
    if (rng.chance(0.5)) parts.push(solid(roundRect(0.52, top - 0.07, 0.26, 0.07, 0.02), "accent"), detail(rect(0.54, top - 0.06, 0.2, 0.02), "accent+"));
    if (rng.chance(0.5))
      for (const [x, y] of [
        [0.3, 0.14],
        [0.44, 0.08],
        [0.62, 0.12],
      ] as const)
        parts.push(detail(star(x, y, 0.04, 0.015, 4), "accent+"));
    return parts;
  },
};

export const cauldron: IconShape = {
  primary: "black",
  secondary: "lime",
  accent: "orange",
  build(rng) {
    const w = rng.range(0.36, 0.42);
    const rim = rng.range(0.28, 0.34);
    const body = new PathBuilder(0.5 - w + 0.04, rim)
      .cubicTo(0.5 - w - 0.08, 0.62, 0.34, 0.88, 0.5, 0.88)
      .cubicTo(0.66, 0.88, 0.5 + w + 0.08, 0.62, 0.5 + w - 0.04, rim)
      .build();
    const parts: Part[] = [];
    for (const x of [0.3, 0.7]) parts.push(bar(poly(x, 0.8, x + (x < 0.5 ? -0.05 : 0.05), 0.95), "primary", 0.05));
    parts.push(
      solid(body, "primary"),
      rimShade(body, "primary+", 0.06, 0.04),
      solid(ellipse(0.5, rim, w, 0.08), "primary+"),
      detail(ellipse(0.5, rim + 0.005, w - 0.05, 0.05), "secondary"),
    );
    const bubbles = rng.int(2, 4);
    for (let i = 0; i < bubbles; i++) {
      const r = rng.range(0.03, 0.06);
      const [x, y] = [rng.range(0.32, 0.68), rim - rng.range(0.02, 0.2)];
      parts.push(solid(circle(x, y, r), "secondary"), detail(circle(x - r * 0.3, y - r * 0.3, r * 0.35), "light", { opacity: 0.7 }));
    }
    parts.push(detail(ellipse(0.42, rim - 0.005, 0.08, 0.015), "secondary+"));
    if (rng.chance(0.5)) parts.push(solid(poly(0.36, 0.96, 0.42, 0.84, 0.46, 0.92, 0.5, 0.8, 0.56, 0.92, 0.6, 0.84, 0.66, 0.96), "accent"));
    return parts;
  },
};
