/** UI symbols of time and reward: hourglass, clock, trophy, flag. */
import { circle, ellipse, PathBuilder, rect, roundRect, star, type Contour } from "../../kit/geometry.js";
import { detail, fill, haft, line, lit, pts, ribbon, curve } from "./kit.js";
import { glyph } from "./ui.js";
import { liquidClip, rotateParts, type IconShape, type Part } from "../parts.js";

export const hourglass: IconShape = {
  primary: "gold",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const waist = rng.range(0.04, 0.06);
    const bulb = rng.range(0.24, 0.3);
    const glass = new PathBuilder(0.5 - bulb, 0.16)
      .lineTo(0.5 + bulb, 0.16)
      .quadTo(0.5 + bulb, 0.4, 0.5 + waist, 0.5)
      .quadTo(0.5 + bulb, 0.6, 0.5 + bulb, 0.84)
      .lineTo(0.5 - bulb, 0.84)
      .quadTo(0.5 - bulb, 0.6, 0.5 - waist, 0.5)
      .quadTo(0.5 - bulb, 0.4, 0.5 - bulb, 0.16)
      .build();
    const fall = rng.range(0.1, 0.9);
    const topLevel = 0.2 + fall * 0.26;
    const bottomLevel = 0.82 - fall * 0.24;
    const parts: Part[] = [
      fill(glass, "glass"),
      detail(glass, "primary", { clips: [liquidClip(topLevel, 0, 0), [rect(0, 0, 1, 0.5)]] }),
      detail(pts(0.5 - bulb, 0.84, 0.5, bottomLevel, 0.5 + bulb, 0.84), "primary", { clips: [[glass]] }),
      line(0.5, 0.48, 0.5, 0.82, 0.02, "primary"),
      detail(ribbon(curve(0.5 - bulb + 0.06, 0.22, 0.5 - bulb + 0.04, 0.34, 0.44, 0.44), 0.025), "light", { opacity: 0.7 }),
    ];
    const frame = rng.int(0, 1);
    for (const y of [0.06, 0.84])
      parts.push(fill(roundRect(0.16, y, 0.68, 0.1, frame ? 0.05 : 0.015), "secondary"), lit(roundRect(0.16, y, 0.68, 0.1, 0.02), "secondary+", 0.3));
    if (frame === 0) for (const x of [0.2, 0.8]) parts.push(fill(rect(x - 0.025, 0.14, 0.05, 0.72), "secondary"));
    return rotateParts(parts, rng.range(-14, 14));
  },
};

export const clock: IconShape = {
  primary: "sky",
  secondary: "white",
  accent: "red",
  build(rng) {
    const alarm = rng.chance(0.4);
    const parts: Part[] = [];
    if (alarm) {
      for (const s of [-1, 1])
        parts.push(fill(ellipse(0.5 + s * 0.3, 0.16, 0.14, 0.1, s * 0.6), "primary"), fill(rect(0.5 + s * 0.3 - 0.03, 0.8, 0.06, 0.14), "primary-"));
    }
    const r = alarm ? 0.36 : rng.range(0.4, 0.44);
    const cy = alarm ? 0.54 : 0.5;
    parts.push(...glyph([circle(0.5, cy, r, 72)]), fill(circle(0.5, cy, r * 0.8, 72), "secondary"));
    const ticks = rng.chance(0.5) ? 12 : 4;
    for (let i = 0; i < ticks; i++) {
      const a = (i / ticks) * Math.PI * 2;
      const inner = i % 3 === 0 ? 0.62 : 0.7;
      parts.push(
        line(0.5 + Math.cos(a) * r * inner, cy + Math.sin(a) * r * inner, 0.5 + Math.cos(a) * r * 0.76, cy + Math.sin(a) * r * 0.76, 0.02, "secondary--"),
      );
    }
    const hour = rng.range(0, Math.PI * 2);
    const minute = rng.range(0, Math.PI * 2);
    parts.push(line(0.5, cy, 0.5 + Math.cos(hour) * r * 0.4, cy + Math.sin(hour) * r * 0.4, 0.05, "dark"));
    parts.push(line(0.5, cy, 0.5 + Math.cos(minute) * r * 0.62, cy + Math.sin(minute) * r * 0.62, 0.035, "dark"));
    parts.push(fill(circle(0.5, cy, 0.04), "accent"));
    return parts;
  },
};

export const trophy: IconShape = {
  primary: "gold",
  secondary: "brown",
  accent: "red",
  emblem: { cx: 0.5, cy: 0.34, r: 0.12 },
  build(rng, hasEmblem) {
    const cupW = rng.range(0.26, 0.32);
    const deep = rng.range(0.5, 0.58);
    const cup = new PathBuilder(0.5 - cupW, 0.1)
      .lineTo(0.5 + cupW, 0.1)
      .quadTo(0.5 + cupW, deep, 0.5, deep + 0.02)
      .quadTo(0.5 - cupW, deep, 0.5 - cupW, 0.1)
      .build();
    const handle = (s: number): Contour =>
      ribbon(curve(0.5 + s * (cupW - 0.02), 0.18, 0.5 + s * (cupW + 0.2), 0.2, 0.5 + s * (cupW - 0.08), deep - 0.08), 0.05);
    const parts: Part[] = [fill(handle(-1), "primary"), fill(handle(1), "primary-")];
    parts.push(fill(cup, "primary"), lit(cup, "primary+", 0.42), detail(cup, "primary-", { clips: [[rect(0.6, -1, 2, 3)]] }));
    parts.push(fill(rect(0.46, deep, 0.08, 0.16), "primary-"), fill(roundRect(0.34, deep + 0.14, 0.32, 0.06, 0.02), "primary"));
    const base = roundRect(0.26, 0.76, 0.48, 0.16, 0.03);
    parts.push(fill(base, "secondary"), lit(base, "secondary+", 0.36), detail(roundRect(0.38, 0.8, 0.24, 0.08, 0.01), "primary"));
    if (!hasEmblem && rng.chance(0.6)) parts.push(fill(star(0.5, 0.3, 0.1, 0.045, 5), "primary++"));
    else if (!hasEmblem) parts.push(fill(circle(0.5, 0.3, 0.07), "accent"));
    parts.push(detail(ribbon(curve(0.5 - cupW + 0.06, 0.16, 0.5 - cupW + 0.07, 0.34, 0.42, 0.46), 0.025), "light", { opacity: 0.7 }));
    return parts;
  },
};

export const flag: IconShape = {
  primary: "red",
  secondary: "brown",
  accent: "white",
  emblem: { cx: 0.57, cy: 0.31, r: 0.15 },
  // "skull flag", "flag with a star": the subject is drawn on the cloth
  container: true,
  build(rng, hasEmblem) {
    const wave = rng.range(0.04, 0.08);
    const tail = rng.int(0, 2);
    const top = 0.12;
    const bottom = rng.range(0.48, 0.54);
    const b = new PathBuilder(0.24, top).quadTo(0.46, top - wave, 0.62, top).quadTo(0.76, top + wave, 0.9, top);
    if (tail === 1) b.lineTo(0.76, (top + bottom) / 2);
    b.lineTo(0.9, bottom)
      .quadTo(0.76, bottom + wave, 0.62, bottom)
      .quadTo(0.46, bottom - wave, 0.24, bottom);
    const cloth = b.build();
    const parts: Part[] = [...haft(0.22, 0.06, 0.22, 0.96, 0.035, "secondary"), fill(circle(0.22, 0.06, 0.045), "secondary+")];
    parts.push(fill(cloth, "primary"), detail(cloth, "primary-", { clips: [[pts(0.56, -1, 0.72, -1, 0.72, 2, 0.56, 2)]] }));
    if (tail === 2) {
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 3; j++)
          if ((i + j) % 2) parts.push(detail(rect(0.24 + i * 0.165, top - 0.05 + j * 0.16, 0.165, 0.16), "accent", { clips: [[cloth]] }));
    } else if (!hasEmblem && rng.chance(0.6)) parts.push(detail(star(0.56, 0.31, 0.09, 0.04, 5), "accent"));
    return rotateParts(parts, rng.range(-8, 8));
  },
};
