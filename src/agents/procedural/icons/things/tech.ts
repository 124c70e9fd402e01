/** Icon shapes of kit and tech: calendar, medkit, keycard, ammo, radar, gas canister, microchip, jetpack. */
import { arcBand, circle, ellipse, PathBuilder, rect, roundRect, star } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, deg, detail, line, poly, shadeRight, shine, solid, steps } from "./kit.js";

export const calendar: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "dark",
  build(rng) {
    const [x0, y0, w, h] = [0.1, 0.14, 0.8, 0.76];
    const page = roundRect(x0, y0, w, h, 0.06);
    const head = rng.range(0.16, 0.2);
    const parts: Part[] = [
      solid(page, "secondary"),
      detail(rect(x0, y0, w, head), "primary", { clips: [[page]] }),
      detail(rect(x0, y0, w, 0.03), "primary+", { clips: [[page]] }),
    ];
    for (const x of rng.chance(0.5) ? [0.3, 0.7] : [0.26, 0.5, 0.74]) parts.push(solid(roundRect(x - 0.03, 0.06, 0.06, 0.16, 0.03), "accent"));
    const [cols, rows] = [rng.int(4, 5), rng.int(3, 4)];
    const cw = (w - 0.12) / cols;
    const ch = (h - head - 0.1) / rows;
    const marked = rng.int(0, cols * rows - 1);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const [x, y] = [x0 + 0.06 + c * cw, y0 + head + 0.05 + r * ch];
        const cell = roundRect(x + cw * 0.14, y + ch * 0.14, cw * 0.72, ch * 0.72, 0.015);
        parts.push(detail(cell, r * cols + c === marked ? "primary" : "secondary--"));
        if (r * cols + c === marked) parts.push(line(circle(x + cw / 2, y + ch / 2, Math.max(cw, ch) * 0.55, 20), "primary-", 0.02));
      }
    if (rng.chance(0.5)) parts.push(solid(poly(x0 + w - 0.16, y0 + h, x0 + w, y0 + h - 0.16, x0 + w - 0.16, y0 + h - 0.16), "secondary-"));
    return parts;
  },
};

export const medkit: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "red",
  build(rng) {
    const bag = rng.chance(0.4);
    const [x0, y0, w, h] = [0.08, bag ? 0.3 : 0.28, 0.84, bag ? 0.6 : 0.6];
    const body = bag
      ? new PathBuilder(x0, y0 + h)
          .lineTo(x0 + 0.04, y0 + 0.08)
          .quadTo(0.5, y0 - 0.06, x0 + w - 0.04, y0 + 0.08)
          .lineTo(x0 + w, y0 + h)
          .build()
      : roundRect(x0, y0, w, h, 0.08);
    const handle = roundRect(0.34, 0.12, 0.32, 0.22, 0.06);
    const parts: Part[] = [
      solid([handle, roundRect(0.4, 0.18, 0.2, 0.16, 0.03)], "accent", { rule: "evenodd" }),
      solid(body, "primary"),
      shadeRight(body, "primary-", 0.72),
      detail(rect(x0, y0 + h - 0.08, w, 0.08), "primary-", { clips: [[body]] }),
    ];
    if (!bag) parts.push(detail(rect(x0, y0 + 0.12, w, 0.025), "primary+", { clips: [[body]] }));
    const [cx, cy, s] = [0.5, y0 + h * 0.52, rng.range(0.15, 0.18)];
    const t = s * 0.36;
    // a plate of the second colour, the cross of the third ("white medkit": a red cross on white)
    parts.push(detail(rng.chance(0.5) ? circle(cx, cy, s * 1.3) : roundRect(cx - s * 1.2, cy - s * 1.2, s * 2.4, s * 2.4, 0.04), "secondary"));
    parts.push(
      detail(
        poly(
          cx - t,
          cy - s,
          cx + t,
          cy - s,
          cx + t,
          cy - t,
          cx + s,
          cy - t,
          cx + s,
          cy + t,
          cx + t,
          cy + t,
          cx + t,
          cy + s,
          cx - t,
          cy + s,
          cx - t,
          cy + t,
          cx - s,
          cy + t,
          cx - s,
          cy - t,
          cx - t,
          cy - t,
        ),
        "accent",
      ),
    );
    for (const x of bag ? [] : [x0 + 0.08, x0 + w - 0.08]) parts.push(detail(roundRect(x - 0.03, y0 + 0.05, 0.06, 0.1, 0.015), "metal"));
    return parts;
  },
};

export const keycard: IconShape = {
  primary: "blue",
  secondary: "white",
  accent: "gold",
  build(rng) {
    const card = roundRect(0.12, 0.24, 0.76, 0.5, 0.06);
    const parts: Part[] = [solid(card, "primary"), detail(rect(0.12, 0.24, 0.76, 0.06), "primary+", { clips: [[card]] })];
    parts.push(detail(rect(0.12, rng.range(0.56, 0.6), 0.76, 0.08), "dark", { clips: [[card]] }));
    parts.push(
      detail(roundRect(0.2, 0.36, 0.14, 0.11, 0.02), "accent"),
      line(poly(0.2, 0.415, 0.34, 0.415), "accent-", 0.01),
      line(poly(0.27, 0.36, 0.27, 0.47), "accent-", 0.01),
    );
    if (rng.chance(0.5))
      parts.push(
        detail(roundRect(0.58, 0.34, 0.22, 0.16, 0.02), "secondary"),
        detail(circle(0.69, 0.4, 0.04), "primary-"),
        detail(ellipse(0.69, 0.47, 0.06, 0.03), "primary-"),
      );
    else for (const y of [0.37, 0.43]) parts.push(detail(roundRect(0.42, y, rng.range(0.3, 0.38), 0.03, 0.01), "secondary"));
    parts.push(detail(circle(0.8, 0.31, 0.02), "light"));
    if (rng.chance(0.5)) parts.push(solid([roundRect(0.44, 0.1, 0.12, 0.18, 0.04), roundRect(0.47, 0.13, 0.06, 0.12, 0.02)], "metal", { rule: "evenodd" }));
    return rotateParts(parts, rng.range(-18, 18));
  },
};

/** A bullet standing up at (x, bottom). */
function bullet(x: number, bottom: number, w: number, h: number): Part[] {
  const casing = rect(x - w / 2, bottom - h * 0.62, w, h * 0.62);
  const tip = new PathBuilder(x - w / 2, bottom - h * 0.62)
    .quadTo(x - w / 2, bottom - h, x, bottom - h)
    .quadTo(x + w / 2, bottom - h, x + w / 2, bottom - h * 0.62)
    .build();
  return [
    solid(casing, "secondary"),
    solid(tip, "accent"),
    detail(rect(x - w / 2, bottom - h * 0.62, w * 0.3, h * 0.62), "secondary+"),
    detail(rect(x - w / 2, bottom - 0.04, w, 0.04), "secondary-"),
  ];
}

export const ammo: IconShape = {
  primary: "dark",
  secondary: "gold",
  accent: "copper",
  build(rng, _hasEmblem, words) {
    const seeded = rng.int(0, 2);
    // "ammo crate", "box of bullets": the box of rounds
    const kind = words?.has("crate") ? 2 : seeded;
    const parts: Part[] = [];
    if (kind === 0) {
      // a magazine, the top round showing
      const mag = new PathBuilder(0.36, 0.26).lineTo(0.62, 0.26).lineTo(0.7, 0.9).lineTo(0.44, 0.9).build();
      parts.push(...bullet(0.49, 0.3, 0.16, 0.26), solid(mag, "primary"), shadeRight(mag, "primary-", 0.6));
      parts.push(solid(roundRect(0.4, 0.86, 0.34, 0.08, 0.02), "primary-"));
      for (const y of steps(0.4, 0.76, 4)) parts.push(detail(circle(0.5 + (y - 0.26) * 0.12, y, 0.022), "primary+"));
      return rotateParts(parts, rng.range(-10, 14));
    }
    if (kind === 1) {
      const n = rng.int(2, 3);
      for (const x of steps(0.3, 0.7, n)) parts.push(...bullet(x, 0.9, 0.16, rng.range(0.68, 0.78)));
      return parts;
    }
    const box = rect(0.12, 0.42, 0.76, 0.48);
    for (const x of steps(0.26, 0.74, 4)) parts.push(...bullet(x, 0.5, 0.11, 0.32));
    parts.push(
      solid(box, "primary"),
      shadeRight(box, "primary-", 0.7),
      detail(rect(0.12, 0.42, 0.76, 0.06), "primary+"),
      detail(roundRect(0.3, 0.56, 0.4, 0.2, 0.03), "secondary"),
    );
    parts.push(detail(star(0.5, 0.66, 0.07, 0.03, 5), "primary"));
    return parts;
  },
};

export const radar: IconShape = {
  primary: "green",
  secondary: "dark",
  accent: "light",
  reads: ["screen", "display", "monitor"],
  build(rng, _hasEmblem, words) {
    const parts: Part[] = [];
    const screen = words?.has("screen") || words?.has("display") || words?.has("monitor");
    const r = screen ? 0.36 : rng.range(0.4, 0.45);
    if (screen) {
      const bezel = roundRect(0.04, 0.04, 0.92, 0.92, 0.1);
      parts.push(solid(bezel, "metal"), shadeRight(bezel, "metal-", 0.7));
      for (const [x, y] of [
        [0.12, 0.12],
        [0.88, 0.12],
        [0.12, 0.88],
        [0.88, 0.88],
      ] as const)
        parts.push(detail(circle(x, y, 0.025), "metal--"));
    }
    const disc = circle(0.5, 0.5, r);
    parts.push(solid(disc, "secondary"), detail(circle(0.5, 0.5, r * 0.94), "primary--", { opacity: 0.7 }));
    for (const k of steps(0.33, 1, 3)) parts.push(line(circle(0.5, 0.5, r * k * 0.9, 40), "primary", 0.012));
    parts.push(line(poly(0.5 - r, 0.5, 0.5 + r, 0.5), "primary", 0.01), line(poly(0.5, 0.5 - r, 0.5, 0.5 + r), "primary", 0.01));
    const a = rng.range(0, 360);
    parts.push(detail(arcBand(0.5, 0.5, 0, r * 0.9, deg(a - 50), deg(a)), "primary+", { opacity: 0.5 }));
    parts.push(line(poly(0.5, 0.5, 0.5 + Math.cos(deg(a)) * r * 0.9, 0.5 + Math.sin(deg(a)) * r * 0.9), "primary++", 0.02));
    for (let i = 0; i < rng.int(2, 4); i++) {
      const [b, d] = [rng.range(0, Math.PI * 2), rng.range(0.2, 0.8) * r];
      parts.push(detail(circle(0.5 + Math.cos(b) * d, 0.5 + Math.sin(b) * d, 0.03), i === 0 ? "accent" : "primary++"));
    }
    return parts;
  },
};

export const canister: IconShape = {
  primary: "teal",
  secondary: "metal",
  accent: "white",
  build(rng) {
    const w = rng.range(0.19, 0.23);
    const body = roundRect(0.5 - w, 0.26, w * 2, 0.66, w * 0.9);
    const parts: Part[] = [
      solid(roundRect(0.44, 0.14, 0.12, 0.14, 0.02), "secondary"),
      solid(rect(0.36, 0.12, 0.28, 0.05), "secondary-"),
      solid(body, "primary"),
      shadeRight(body, "primary-", 0.5 + w * 0.35),
      shine(0.5 - w * 0.5, 0.44, 0.03, 0.12, 0),
      detail(rect(0, rng.range(0.5, 0.58), 1, 0.1), "accent", { clips: [[body]] }),
    ];
    if (rng.chance(0.5))
      parts.push(solid(circle(0.68, 0.2, 0.07), "secondary"), detail(circle(0.68, 0.2, 0.045), "light"), line(poly(0.68, 0.2, 0.7, 0.17), "dark", 0.01));
    else parts.push(bar(new PathBuilder(0.56, 0.18).quadTo(0.86, 0.16, 0.84, 0.46).build(), "dark", 0.03));
    return rotateParts(parts, rng.range(-12, 12));
  },
};

export const microchip: IconShape = {
  primary: "dark",
  secondary: "silver",
  accent: "gold",
  build(rng, _hasEmblem, words) {
    const s = rng.range(0.26, 0.3);
    const pins = rng.int(3, 5);
    const parts: Part[] = [];
    if (words?.has("circuit")) {
      // "circuit chip": the board's traces run out from the chip to round pads
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2 + 0.3;
        const [x0, y0] = [0.5 + Math.cos(a) * s, 0.5 + Math.sin(a) * s];
        const [x1, y1] = [0.5 + Math.cos(a) * 0.4, 0.5 + Math.sin(a) * 0.4];
        const bend: [number, number] = Math.abs(Math.cos(a)) > 0.7 ? [x1, y0] : [x0, y1];
        parts.push(line([[x0, y0], bend, [x1, y1]], "accent", 0.022), detail(circle(x1, y1, 0.04), "accent"), detail(circle(x1, y1, 0.018), "accent--"));
      }
    }
    const fourSides = rng.chance(0.6);
    for (const t of steps(0.5 - s * 0.7, 0.5 + s * 0.7, pins)) {
      parts.push(solid(rect(0.5 - s - 0.1, t - 0.025, 0.12, 0.05), "secondary"), solid(rect(0.5 + s - 0.02, t - 0.025, 0.12, 0.05), "secondary"));
      if (fourSides)
        parts.push(solid(rect(t - 0.025, 0.5 - s - 0.1, 0.05, 0.12), "secondary"), solid(rect(t - 0.025, 0.5 + s - 0.02, 0.05, 0.12), "secondary"));
    }
    const chip = roundRect(0.5 - s, 0.5 - s, s * 2, s * 2, 0.04);
    parts.push(solid(chip, "primary"), shadeRight(chip, "primary-", 0.6), detail(roundRect(0.5 - s * 0.5, 0.5 - s * 0.5, s, s, 0.02), "accent"));
    parts.push(detail(circle(0.5 - s * 0.72, 0.5 - s * 0.72, 0.025), "primary+"));
    for (const t of steps(-0.3, 0.3, 3)) parts.push(line(poly(0.5 - s * 0.5, 0.5 + t * s, 0.5 + s * 0.5, 0.5 + t * s), "accent-", 0.01));
    return parts;
  },
};

export const jetpack: IconShape = {
  primary: "silver",
  secondary: "red",
  accent: "orange",
  build(rng) {
    const parts: Part[] = [];
    const w = rng.range(0.13, 0.15);
    const flames = rng.chance(0.7);
    parts.push(solid(roundRect(0.36, 0.26, 0.28, 0.42, 0.04), "secondary-"));
    for (const cx of [0.5 - w - 0.02, 0.5 + w + 0.02]) {
      if (flames) {
        const len = rng.range(0.14, 0.2);
        parts.push(
          solid(poly(cx - w * 0.6, 0.78, cx, 0.78 + len, cx + w * 0.6, 0.78), "accent"),
          detail(poly(cx - w * 0.3, 0.78, cx, 0.78 + len * 0.6, cx + w * 0.3, 0.78), "light"),
        );
      }
      const tank = roundRect(cx - w, 0.16, w * 2, 0.56, w);
      parts.push(solid(poly(cx - w * 0.7, 0.68, cx + w * 0.7, 0.68, cx + w * 0.5, 0.8, cx - w * 0.5, 0.8), "secondary-"));
      parts.push(solid(tank, "primary"), shadeRight(tank, "primary-", cx + w * 0.3), shine(cx - w * 0.45, 0.36, 0.02, 0.09, 0));
      parts.push(detail(rect(cx - w, 0.46, w * 2, 0.06), "secondary", { clips: [[tank]] }));
      if (rng.chance(0.5))
        parts.push(solid(poly(cx + (cx < 0.5 ? -w : w), 0.4, cx + (cx < 0.5 ? -w - 0.1 : w + 0.1), 0.58, cx + (cx < 0.5 ? -w : w), 0.6), "secondary"));
    }
    return parts;
  },
};
