/**
 * More props as recipes of parts: a propeller, a crow's nest on its mast, a cage, a solar panel, a
 * rowboat, a raft, a catapult, a fireplace, a gramophone, a stove.
 */
import type { Random } from "../../kit/random.js";
import type { SpriteBuilder } from "../grid.js";
import {
  bar,
  box,
  boxMark,
  circle,
  courses,
  disc,
  ellipse,
  line,
  mark,
  objectBuilder,
  oval,
  type Part,
  PathBuilder,
  pts,
  shade,
  solid,
  wheel,
} from "./object-kit.js";

function propeller(rng: Random): Part[] {
  const blades = rng.pick([2, 3, 4]);
  const parts: Part[] = [];
  for (let k = 0; k < blades; k++) {
    const a = (k * 2 * Math.PI) / blades + rng.range(0, 0.6);
    parts.push(oval(0.5 + Math.cos(a) * 0.21, 0.5 + Math.sin(a) * 0.21, 0.22, 0.07, "primary", a));
  }
  parts.push(disc(0.5, 0.5, 0.09, "metal"), mark(circle(0.5, 0.5, 0.04), "accent"));
  return parts;
}

function crowsnest(rng: Random): Part[] {
  const top = rng.range(0.2, 0.26);
  return [
    bar(pts(0.5, 0.04, 0.5, 0.96), "wood", 0.06),
    solid(pts(0.26, top, 0.74, top, 0.68, top + 0.24, 0.32, top + 0.24), "primary"),
    ...courses(0.26, top, 0.74, top + 0.24, 3, "primary-"),
    boxMark(0.26, top, 0.74, top + 0.03, "metal"),
    bar(pts(0.5, top + 0.24, 0.14, 0.96), "dark", 0.012),
    bar(pts(0.5, top + 0.24, 0.86, 0.96), "dark", 0.012),
    solid(pts(0.53, 0.05, 0.74, 0.08, 0.53, 0.12), "accent"),
  ];
}

function cage(rng: Random): Part[] {
  const dome = rng.chance(0.5);
  const parts: Part[] = [box(0.14, 0.86, 0.86, 0.92, "primary")];
  if (dome)
    parts.push(
      mark(new PathBuilder(0.16, 0.86).lineTo(0.16, 0.4).quadTo(0.16, 0.14, 0.5, 0.14).quadTo(0.84, 0.14, 0.84, 0.4).lineTo(0.84, 0.86).build(), "dark"),
    );
  for (const x of [0.16, 0.28, 0.4, 0.5, 0.6, 0.72, 0.84])
    parts.push(bar(pts(x, 0.86, x, dome ? 0.4 - Math.abs(0.5 - x) * 0.2 : 0.2, dome ? 0.5 : x, dome ? 0.14 : 0.2), "primary", 0.025));
  if (!dome) parts.push(box(0.14, 0.16, 0.86, 0.22, "primary"));
  parts.push(bar(pts(0.5, 0.14, 0.5, 0.04), "primary", 0.03), disc(0.5, 0.04, 0.03, "primary"));
  return parts;
}

function solarpanel(rng: Random): Part[] {
  const tilt = rng.range(0.06, 0.12);
  const panel = pts(0.1, 0.3 + tilt, 0.9, 0.3 - tilt, 0.9, 0.62 - tilt, 0.1, 0.62 + tilt);
  const parts: Part[] = [
    bar(pts(0.5, 0.5, 0.5, 0.9), "metal", 0.05),
    box(0.34, 0.88, 0.66, 0.93, "metal"),
    solid(panel, "primary"),
    shade(panel, "primary-", 0.7),
  ];
  for (const t of [0.25, 0.5, 0.75])
    parts.push(line(pts(0.1 + t * 0.8, 0.3 + tilt - t * 2 * tilt, 0.1 + t * 0.8, 0.62 + tilt - t * 2 * tilt), "secondary", 0.012));
  parts.push(line(pts(0.1, 0.46 + tilt, 0.9, 0.46 - tilt), "secondary", 0.012));
  return parts;
}

function rowboat(rng: Random): Part[] {
  const rim = rng.range(0.5, 0.56);
  const hull = new PathBuilder(0.04, rim - 0.04)
    .lineTo(0.96, rim - 0.06)
    .quadTo(0.86, rim + 0.26, 0.5, rim + 0.26)
    .quadTo(0.14, rim + 0.26, 0.04, rim - 0.04)
    .build();
  return [
    bar(pts(0.2, rim - 0.2, 0.62, rim + 0.06), "wood", 0.025),
    solid(hull, "primary"),
    shade(hull, "primary-", 0.62),
    ...courses(0.06, rim - 0.05, 0.94, rim + 0.24, 3, "primary-"),
    boxMark(0.04, rim - 0.06, 0.96, rim - 0.02, "secondary"),
  ];
}

function raft(rng: Random): Part[] {
  const deck = rng.range(0.62, 0.68);
  const parts: Part[] = [];
  for (let x = 0.08; x < 0.9; x += 0.12)
    parts.push(box(x, deck, x + 0.11, deck + 0.16, "primary"), mark(ellipse(x + 0.055, deck + 0.02, 0.05, 0.02), "primary+"));
  parts.push(line(pts(0.08, deck + 0.05, 0.92, deck + 0.05), "secondary", 0.02), line(pts(0.08, deck + 0.12, 0.92, deck + 0.12), "secondary", 0.02));
  if (rng.chance(0.7)) parts.push(bar(pts(0.5, deck, 0.5, 0.08), "wood", 0.03), solid(pts(0.52, 0.12, 0.8, 0.2, 0.78, 0.5, 0.52, 0.54), "secondary"));
  return parts;
}

function catapult(rng: Random): Part[] {
  const arm = rng.range(-0.3, -0.1);
  return [
    box(0.1, 0.7, 0.9, 0.78, "wood"),
    solid(pts(0.4, 0.7, 0.48, 0.4, 0.56, 0.4, 0.64, 0.7), "wood"),
    bar(pts(0.52, 0.46, 0.52 + Math.cos(arm - 2.6) * 0.46, 0.46 + Math.sin(arm - 2.6) * 0.46), "primary", 0.04),
    oval(0.52 + Math.cos(arm - 2.6) * 0.46, 0.46 + Math.sin(arm - 2.6) * 0.46 - 0.04, 0.07, 0.05, "primary"),
    disc(0.52 + Math.cos(arm - 2.6) * 0.46, 0.46 + Math.sin(arm - 2.6) * 0.46 - 0.08, 0.05, "metal"),
    ...wheel(0.24, 0.82, 0.09, 4),
    ...wheel(0.76, 0.82, 0.09, 4),
  ];
}

function fireplace(rng: Random): Part[] {
  const mantel = rng.range(0.22, 0.28);
  const parts: Part[] = [
    box(0.1, mantel, 0.9, 0.92, "primary"),
    ...courses(0.1, mantel, 0.9, 0.92, 6, "primary-", 0.01),
    box(0.04, mantel - 0.06, 0.96, mantel + 0.02, "secondary"),
  ];
  parts.push(mark(new PathBuilder(0.28, 0.92).lineTo(0.28, 0.56).quadTo(0.5, 0.42, 0.72, 0.56).lineTo(0.72, 0.92).build(), "dark"));
  parts.push(
    box(0.34, 0.84, 0.66, 0.9, "wood"),
    mark(pts(0.38, 0.84, 0.44, 0.66, 0.5, 0.74, 0.56, 0.6, 0.62, 0.84), "accent"),
    mark(pts(0.45, 0.84, 0.5, 0.74, 0.55, 0.84), "accent+"),
  );
  return parts;
}

function gramophone(rng: Random): Part[] {
  const flare = rng.range(0.26, 0.3);
  return [
    box(0.2, 0.66, 0.8, 0.9, "secondary"),
    oval(0.5, 0.66, 0.3, 0.04, "dark"),
    bar(pts(0.6, 0.64, 0.62, 0.5, 0.5, 0.42), "metal", 0.03),
    solid(pts(0.5, 0.46, 0.56 - flare * 1.6, 0.1, 0.6 - flare * 1.4, 0.02, 0.6 - flare * 0.6, 0.0, 0.56, 0.42), "primary"),
    mark(ellipse(0.26, 0.08, 0.1, 0.05, -0.5), "primary--"),
  ];
}

function stove(rng: Random): Part[] {
  const top = rng.range(0.36, 0.42);
  return [
    bar(pts(0.66, top, 0.66, 0.04), "primary", 0.07),
    box(0.16, top, 0.84, 0.86, "primary"),
    shade(pts(0.16, top, 0.84, top, 0.84, 0.86, 0.16, 0.86), "primary-", 0.7),
    box(0.12, top - 0.04, 0.88, top + 0.02, "primary"),
    boxMark(0.28, top + 0.14, 0.72, 0.72, "dark"),
    boxMark(0.32, top + 0.2, 0.68, 0.66, "accent"),
    box(0.18, 0.86, 0.26, 0.94, "primary"),
    box(0.74, 0.86, 0.82, 0.94, "primary"),
  ];
}

export const OUTFIT_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  propeller: objectBuilder("brown", "tan", "gold", propeller),
  crowsnest: objectBuilder("brown", "tan", "red", crowsnest),
  cage: objectBuilder("gold", "grey", "white", cage),
  solarpanel: objectBuilder("navy", "silver", "white", solarpanel),
  rowboat: objectBuilder("brown", "white", "white", rowboat),
  raft: objectBuilder("tan", "brown", "white", raft),
  catapult: objectBuilder("brown", "tan", "white", catapult),
  fireplace: objectBuilder("grey", "brown", "orange", fireplace),
  gramophone: objectBuilder("gold", "brown", "white", gramophone),
  stove: objectBuilder("black", "grey", "orange", stove),
};
