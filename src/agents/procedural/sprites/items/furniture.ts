/**
 * Furniture and props as recipes of parts: a coffin, an upright piano, a hammock between posts, a
 * tumbleweed, a figurehead, a teapot or coffee pot, a stack of crates, a parachute, a cell's bars.
 */
import type { Random } from "../../kit/random.js";
import type { SpriteBuilder } from "../grid.js";
import { bar, box, boxMark, circle, courses, disc, ellipse, line, mark, objectBuilder, oval, type Part, PathBuilder, pts, shade, solid } from "./object-kit.js";

function coffin(rng: Random): Part[] {
  const w = rng.range(0.2, 0.24);
  const lid = pts(0.5 - w * 0.7, 0.06, 0.5 + w * 0.7, 0.06, 0.5 + w, 0.3, 0.5 + w * 0.6, 0.94, 0.5 - w * 0.6, 0.94, 0.5 - w, 0.3);
  const inner = pts(0.5 - w * 0.55, 0.1, 0.5 + w * 0.55, 0.1, 0.5 + w * 0.82, 0.3, 0.5 + w * 0.48, 0.9, 0.5 - w * 0.48, 0.9, 0.5 - w * 0.82, 0.3);
  return [
    solid(lid, "primary"),
    mark(inner, "primary+"),
    shade(lid, "primary-", 0.56),
    box(0.47, 0.22, 0.53, 0.56, "accent"),
    box(0.4, 0.3, 0.6, 0.36, "accent"),
    ...[0.2, 0.76].map((y) => disc(0.5 - w * 0.7, y, 0.02, "metal")),
  ];
}

function piano(rng: Random): Part[] {
  const top = rng.range(0.16, 0.22);
  const parts: Part[] = [
    box(0.1, top, 0.9, 0.86, "primary"),
    shade(pts(0.1, top, 0.9, top, 0.9, 0.86, 0.1, 0.86), "primary-", 0.8),
    box(0.06, top - 0.04, 0.94, top + 0.02, "primary"),
    boxMark(0.18, top + 0.08, 0.82, 0.44, "primary-"),
    box(0.06, 0.5, 0.94, 0.58, "light"),
    box(0.14, 0.8, 0.2, 0.92, "primary"),
    box(0.8, 0.8, 0.86, 0.92, "primary"),
    box(0.06, 0.46, 0.94, 0.5, "primary"),
  ];
  for (let x = 0.12; x < 0.9; x += 0.06) if (Math.round(x * 100) % 18 !== 0) parts.push(boxMark(x, 0.5, x + 0.025, 0.545, "dark"));
  parts.push(disc(0.3, top + 0.04, 0.025, "accent+"), disc(0.7, top + 0.04, 0.025, "accent+"));
  return parts;
}

function hammock(rng: Random): Part[] {
  const sag = rng.range(0.7, 0.78);
  const cloth = new PathBuilder(0.14, 0.46)
    .quadTo(0.5, sag + 0.16, 0.86, 0.46)
    .quadTo(0.5, sag - 0.04, 0.14, 0.46)
    .build();
  const parts: Part[] = [bar(pts(0.08, 0.3, 0.08, 0.92), "wood", 0.05), bar(pts(0.92, 0.3, 0.92, 0.92), "wood", 0.05)];
  parts.push(line(pts(0.08, 0.36, 0.14, 0.46), "secondary", 0.015), line(pts(0.92, 0.36, 0.86, 0.46), "secondary", 0.015));
  parts.push(
    solid(cloth, "primary"),
    ...[0.3, 0.5, 0.7].map((x) => line(pts(x - 0.02, 0.5 + (x === 0.5 ? 0.18 : 0.12), x + 0.02, 0.5 + (x === 0.5 ? 0.26 : 0.2)), "secondary", 0.02)),
  );
  return parts;
}

function tumbleweed(rng: Random): Part[] {
  const parts: Part[] = [oval(0.5, 0.6, 0.34, 0.3, "primary")];
  for (let k = 0; k < 18; k++) {
    const a = rng.range(0, Math.PI * 2);
    const b = a + rng.range(1.5, 3);
    const r = rng.range(0.18, 0.32);
    parts.push(
      line(
        pts(0.5 + Math.cos(a) * r, 0.6 + Math.sin(a) * r * 0.88, 0.5 + Math.cos(b) * r, 0.6 + Math.sin(b) * r * 0.88),
        k % 3 ? "primary-" : "primary--",
        0.014,
      ),
    );
  }
  parts.push(mark(ellipse(0.5, 0.6, 0.1, 0.08), "primary--"));
  return parts;
}

function teapot(rng: Random): Part[] {
  const y = rng.range(0.56, 0.6);
  const body = new PathBuilder(0.32, 0.3).lineTo(0.62, 0.3).lineTo(0.72, 0.86).lineTo(0.22, 0.86).build();
  return [
    bar(pts(0.7, y - 0.16, 0.84, y - 0.08, 0.84, y + 0.12, 0.7, y + 0.2), "primary", 0.04),
    bar(pts(0.28, y, 0.16, y - 0.2, 0.12, y - 0.24), "primary", 0.05),
    solid(body, "primary"),
    shade(body, "primary-", 0.56),
    oval(0.47, 0.3, 0.16, 0.04, "primary+"),
    solid(pts(0.4, 0.3, 0.54, 0.3, 0.5, 0.2, 0.44, 0.2), "primary"),
    disc(0.47, 0.18, 0.03, "accent"),
    line(pts(0.26, 0.68, 0.68, 0.68), "secondary", 0.02),
  ];
}

function cratestack(rng: Random): Part[] {
  const s = 0.3;
  const crate = (x: number, y: number, fill: "primary" | "secondary"): Part[] => [
    box(x, y, x + s, y + s, fill),
    mark(pts(x + 0.04, y + s - 0.04, x + s - 0.04, y + 0.04, x + s - 0.04, y + 0.08, x + 0.08, y + s - 0.04), `${fill}-`),
    ...courses(x, y, x + s, y + s, 3, `${fill}-`, 0.01),
  ];
  const lean = rng.range(-0.04, 0.04);
  return [
    ...crate(0.18, 0.62, "primary"),
    ...crate(0.5, 0.62, "secondary"),
    ...crate(0.34 + lean, 0.32, "primary"),
    ...(rng.chance(0.5) ? crate(0.36, 0.02, "secondary") : []),
  ];
}

function parachute(rng: Random): Part[] {
  const cy = rng.range(0.3, 0.34);
  const canopy = new PathBuilder(0.08, cy)
    .quadTo(0.08, 0.04, 0.5, 0.04)
    .quadTo(0.92, 0.04, 0.92, cy)
    .quadTo(0.71, cy - 0.06, 0.5, cy)
    .quadTo(0.29, cy - 0.06, 0.08, cy)
    .build();
  const parts: Part[] = [solid(canopy, "primary"), mark(pts(0.4, 0.06, 0.6, 0.06, 0.58, cy - 0.02, 0.42, cy - 0.02), "secondary")];
  for (const x of [0.08, 0.3, 0.7, 0.92]) parts.push(bar(pts(x, cy, 0.5 + (x - 0.5) * 0.3, 0.66), "dark", 0.02));
  parts.push(
    box(0.34, 0.64, 0.66, 0.92, "wood"),
    mark(pts(0.36, 0.9, 0.64, 0.66, 0.64, 0.7, 0.4, 0.9), "wood-"),
    ...courses(0.34, 0.64, 0.66, 0.92, 3, "wood-", 0.01),
  );
  return parts;
}

function bars(rng: Random): Part[] {
  const count = rng.int(5, 7);
  const parts: Part[] = [box(0.08, 0.08, 0.92, 0.14, "primary"), box(0.08, 0.86, 0.92, 0.92, "primary")];
  for (let k = 0; k < count; k++) {
    const x = 0.12 + (k * 0.76) / (count - 1);
    parts.push(bar(pts(x, 0.14, x, 0.86), "primary", 0.035));
  }
  parts.push(box(0.08, 0.46, 0.92, 0.5, "primary"), disc(0.8, 0.56, 0.04, "secondary"), mark(circle(0.8, 0.56, 0.015), "dark"));
  return parts;
}

function figurehead(rng: Random): Part[] {
  const lean = rng.range(0, 0.04);
  return [
    solid(
      new PathBuilder(0.2, 0.92)
        .quadTo(0.3, 0.6, 0.44 + lean, 0.5)
        .lineTo(0.7, 0.56)
        .quadTo(0.62, 0.8, 0.62, 0.92)
        .build(),
      "primary",
    ),
    solid(new PathBuilder(0.44 + lean, 0.52).quadTo(0.5, 0.3, 0.62, 0.3).lineTo(0.7, 0.56).build(), "secondary"),
    disc(0.6 + lean, 0.22, 0.1, "secondary"),
    solid(pts(0.5 + lean, 0.14, 0.66 + lean, 0.12, 0.6 + lean, 0.44, 0.48 + lean, 0.34), "accent"),
    line(pts(0.5, 0.66, 0.34, 0.74), "primary-", 0.02),
    box(0.16, 0.9, 0.72, 0.96, "wood"),
  ];
}

export const FURNITURE_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  coffin: objectBuilder("brown", "maroon", "gold", coffin),
  piano: objectBuilder("black", "brown", "gold", piano),
  hammock: objectBuilder("beige", "red", "white", hammock),
  tumbleweed: objectBuilder("tan", "brown", "white", tumbleweed),
  teapot: objectBuilder("steel", "navy", "black", teapot),
  cratestack: objectBuilder("tan", "brown", "white", cratestack),
  parachute: objectBuilder("orange", "white", "white", parachute),
  bars: objectBuilder("steel", "grey", "black", bars),
  figurehead: objectBuilder("brown", "tan", "gold", figurehead),
};
