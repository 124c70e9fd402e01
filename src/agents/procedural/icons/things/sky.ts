/** Icon shapes of nature: rocks and pebbles, sky and weather (cloud, rainbow, snowflake, sun). */
import { circle, ellipse, rect, regularPolygon, star, type Contour } from "../../kit/geometry.js";
import type { Fill, IconShape, Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shine, solid, steps } from "./kit.js";
import type { Random } from "../../kit/random.js";

function rockContour(rng: Random, cx: number, cy: number, r: number, sides: number): Contour {
  const pts: number[] = [];
  for (let i = 0; i < sides; i++) {
    const a = (i / sides) * Math.PI * 2 + rng.range(-0.2, 0.2);
    const rr = r * rng.range(0.82, 1.08);
    pts.push(cx + Math.cos(a) * rr * 1.15, Math.min(cy + r * 0.6, cy + Math.sin(a) * rr));
  }
  return poly(...pts);
}

export const rock: IconShape = {
  primary: "grey",
  secondary: "green",
  accent: "white",
  build(rng) {
    const body = rockContour(rng, 0.5, 0.58, 0.38, rng.int(7, 10));
    const parts: Part[] = [
      solid(body, "primary"),
      detail(body, "primary+", { clips: [[poly(0, 0, 0.7, 0, 0.3, 0.6, 0, 0.8)]] }),
      rimShade(body, "primary-", -0.06, -0.08),
    ];
    parts.push(line(poly(0.5, 0.3, 0.46, 0.46, 0.56, 0.56), "primary--", 0.016), line(poly(0.3, 0.66, 0.4, 0.72), "primary--", 0.014));
    if (rng.chance(0.5)) parts.push(detail(ellipse(0.5, 0.32, 0.14, 0.05), "secondary", { clips: [[body]], opacity: 0.85 }));
    if (rng.chance(0.5)) parts.push(solid(rockContour(rng, 0.82, 0.84, 0.1, 6), "primary-"));
    return parts;
  },
};

export const pebble: IconShape = {
  primary: "grey",
  secondary: "tan",
  accent: "white",
  build(rng) {
    const parts: Part[] = [];
    const stones: [number, number, number, number, Fill][] = [
      [0.38, 0.66, 0.26, 0.16, "primary"],
      [0.66, 0.48, 0.2, 0.13, "secondary"],
      [0.66, 0.78, 0.16, 0.1, "primary-"],
      [0.3, 0.36, 0.14, 0.1, "secondary-"],
    ];
    for (const [x, y, rx, ry, fill] of stones.slice(0, rng.int(3, 4))) {
      const e = ellipse(x + rng.range(-0.03, 0.03), y, rx, ry, rng.range(-0.4, 0.4));
      parts.push(
        solid(e, fill),
        rimShade(e, `${fill.replace(/[+-]/g, "")}-` as Fill, -0.03, -0.03),
        shine(x - rx * 0.4, y - ry * 0.4, rx * 0.3, ry * 0.2, -20, 0.5),
      );
    }
    return parts;
  },
};

export const cloud: IconShape = {
  primary: "white",
  secondary: "sky",
  accent: "blue",
  build(rng) {
    const blob = [rect(0.16, 0.5, 0.68, 0.2), circle(0.3, 0.56, 0.14), circle(0.5, 0.44, rng.range(0.18, 0.22)), circle(0.7, 0.52, rng.range(0.13, 0.17))];
    const parts: Part[] = [solid(blob, "primary"), detail(blob, "secondary", { clips: [[rect(0, 0.6, 1, 1)]], opacity: 0.45 })];
    const weather = rng.int(0, 2);
    if (weather === 1) for (const x of steps(0.3, 0.7, 3)) parts.push(line(poly(x, 0.78, x - 0.04, 0.9), "accent", 0.035, { outline: true }));
    if (weather === 2) parts.unshift(solid([circle(0.74, 0.34, 0.12), circle(0.84, 0.42, 0.1), rect(0.66, 0.38, 0.26, 0.1)], "secondary"));
    parts.push(shine(0.44, 0.36, 0.07, 0.025, -15, 0.8));
    return parts;
  },
};

export const rainbow: IconShape = {
  primary: "red",
  secondary: "yellow",
  accent: "blue",
  build(rng) {
    const fills: Fill[] = ["primary", "primary++", "secondary", "accent+", "accent", "accent--"];
    const bands = fills.slice(0, rng.int(5, 6));
    const r0 = rng.range(0.4, 0.44);
    const w = 0.05;
    const parts: Part[] = [];
    for (const [i] of bands.entries()) {
      const band = poly(
        ...Array.from({ length: 33 }, (_, k) => [0.5 - Math.cos((k / 32) * Math.PI) * (r0 - i * w), 0.7 - Math.sin((k / 32) * Math.PI) * (r0 - i * w)]).flat(),
        ...Array.from({ length: 33 }, (_, k) => [
          0.5 - Math.cos(((32 - k) / 32) * Math.PI) * (r0 - (i + 1) * w),
          0.7 - Math.sin(((32 - k) / 32) * Math.PI) * (r0 - (i + 1) * w),
        ]).flat(),
      );
      parts.push(solid(band, bands[i] ?? "primary"));
    }
    for (const x of [0.5 - r0 + 0.12, 0.5 + r0 - 0.12])
      parts.push(solid([circle(x - 0.08, 0.74, 0.08), circle(x + 0.04, 0.7, 0.1), circle(x + 0.12, 0.76, 0.07)], "light"));
    return parts;
  },
};

export const snowflake: IconShape = {
  primary: "sky",
  secondary: "white",
  accent: "white",
  build(rng) {
    const arms = 6;
    const branches = rng.int(1, 3);
    const rot = rng.range(0, 0.5);
    const parts: Part[] = [];
    for (let i = 0; i < arms; i++) {
      const a = rot + (i / arms) * Math.PI * 2;
      const [c, s] = [Math.cos(a), Math.sin(a)];
      parts.push(bar(poly(0.5, 0.5, 0.5 + c * 0.44, 0.5 + s * 0.44), "primary", 0.05));
      for (let b = 0; b < branches; b++) {
        const t = 0.18 + b * 0.1;
        const len = 0.12 - b * 0.02;
        for (const d of [-0.8, 0.8])
          parts.push(bar(poly(0.5 + c * t, 0.5 + s * t, 0.5 + c * t + Math.cos(a + d) * len, 0.5 + s * t + Math.sin(a + d) * len), "primary", 0.04));
      }
    }
    parts.push(solid(regularPolygon(0.5, 0.5, 0.09, 6, rot), "secondary"));
    return parts;
  },
};

export const sun: IconShape = {
  primary: "yellow",
  secondary: "orange",
  accent: "white",
  build(rng) {
    const rays = rng.int(8, 12);
    const wavy = rng.chance(0.4);
    const r = rng.range(0.22, 0.26);
    const parts: Part[] = [solid(star(0.5, 0.5, 0.47, r + 0.04, rays, rng.range(0, 1)), "secondary")];
    if (wavy) parts.push(solid(star(0.5, 0.5, 0.4, r + 0.02, rays, rng.range(0, 1)), "secondary+"));
    parts.push(solid(circle(0.5, 0.5, r), "primary"), rimShade(circle(0.5, 0.5, r), "primary-", -0.04, -0.04), shine(0.42, 0.4, 0.05, 0.025, -40, 0.75));
    return parts;
  },
};
