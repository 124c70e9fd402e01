/**
 * Machines and fixtures as recipes of parts: a cabinet or a frame, and what it does (a generator's
 * gauge and vents, a pump's spout and handle, a derrick's lattice and drill, a dish on its mount, a
 * turret's gun, a charging pad, a screw press, a terminal's screen, a street lamp, a wind pump).
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
  lattice,
  line,
  mark,
  objectBuilder,
  oval,
  type Part,
  pane,
  pts,
  shade,
  solid,
} from "./object-kit.js";

function generator(rng: Random): Part[] {
  const top = rng.range(0.3, 0.38);
  const body = pts(0.16, top, 0.84, top, 0.84, 0.86, 0.16, 0.86);
  const parts: Part[] = [
    bar(pts(0.7, top, 0.7, top - 0.12, 0.86, top - 0.12, 0.86, 0.12), "metal", 0.05),
    solid(body, "primary"),
    shade(body, "primary-", 0.62),
    mark(circle(0.36, top + 0.16, 0.1), "metal"),
    mark(circle(0.36, top + 0.16, 0.075), "light"),
    line(pts(0.36, top + 0.16, 0.41, top + 0.11), "dark", 0.015),
    ...courses(0.52, top + 0.08, 0.76, top + 0.3, 4, "dark", 0.02),
    disc(0.66, top + 0.4, 0.035, "accent+"),
    box(0.12, 0.86, 0.88, 0.92, "dark"),
  ];
  for (let x = 0.2; x < 0.8; x += 0.1) parts.push(mark(pts(x, 0.86, x + 0.05, 0.86, x + 0.08, 0.8, x + 0.03, 0.8), "secondary"));
  return parts;
}

function pump(rng: Random): Part[] {
  const top = rng.range(0.22, 0.28);
  return [
    box(0.4, top, 0.58, 0.86, "primary"),
    shade(pts(0.4, top, 0.58, top, 0.58, 0.86, 0.4, 0.86), "primary-", 0.52),
    oval(0.49, top, 0.11, 0.04, "primary+"),
    bar(pts(0.4, top + 0.2, 0.22, top + 0.24, 0.22, top + 0.32), "primary", 0.06),
    bar(pts(0.56, top + 0.02, 0.86, top - 0.12), "metal", 0.03),
    box(0.3, 0.86, 0.7, 0.92, "secondary"),
    oval(0.22, 0.8, 0.08, 0.03, "glass"),
  ];
}

function windpump(rng: Random): Part[] {
  const hub = rng.range(0.2, 0.24);
  const parts: Part[] = [box(0.6, 0.66, 0.94, 0.9, "wood"), ...courses(0.6, 0.66, 0.94, 0.9, 3, "wood-")];
  parts.push(...lattice(0.24, 0.56, 0.37, 0.43, hub + 0.08, 0.92, 4, "wood", 0.04));
  for (let k = 0; k < 12; k++) {
    const a = (k * Math.PI) / 6;
    parts.push(bar(pts(0.4 + Math.cos(a) * 0.04, hub + Math.sin(a) * 0.04, 0.4 + Math.cos(a) * 0.19, hub + Math.sin(a) * 0.19), "primary", 0.05));
  }
  parts.push(disc(0.4, hub, 0.04, "metal"), solid(pts(0.42, hub - 0.02, 0.62, hub - 0.08, 0.62, hub + 0.02), "secondary"));
  return parts;
}

function derrick(rng: Random): Part[] {
  const top = rng.range(0.06, 0.1);
  return [
    ...lattice(0.22, 0.78, 0.44, 0.56, top, 0.82, 5, "primary", 0.045),
    box(0.42, top - 0.04, 0.58, top + 0.02, "primary"),
    line(pts(0.5, top, 0.5, 0.7), "dark", 0.012),
    box(0.46, 0.64, 0.54, 0.8, "metal"),
    box(0.06, 0.82, 0.94, 0.9, "secondary"),
    box(0.7, 0.7, 0.92, 0.82, "accent"),
  ];
}

function satelliteDish(rng: Random): Part[] {
  const tilt = rng.range(-0.7, -0.4);
  return [
    solid(pts(0.4, 0.9, 0.6, 0.9, 0.54, 0.6, 0.46, 0.6), "secondary"),
    oval(0.46, 0.42, 0.34, 0.12, "primary", tilt),
    mark(ellipse(0.48, 0.44, 0.28, 0.08, tilt), "primary-"),
    bar(pts(0.48, 0.44, 0.66, 0.2), "metal", 0.02),
    disc(0.67, 0.19, 0.03, "accent"),
    box(0.32, 0.88, 0.68, 0.93, "dark"),
  ];
}

function turret(rng: Random): Part[] {
  const y = rng.range(0.38, 0.44);
  const head = ellipse(0.46, y, 0.2, 0.14);
  return [
    solid(pts(0.3, 0.92, 0.7, 0.92, 0.58, 0.6, 0.42, 0.6), "secondary"),
    box(0.42, y, 0.54, 0.62, "metal"),
    bar(pts(0.6, y - 0.02, 0.94, y - 0.02), "dark", 0.05),
    bar(pts(0.6, y + 0.06, 0.9, y + 0.06), "dark", 0.04),
    solid(head, "primary"),
    shade(head, "primary-", 0.5),
    disc(0.44, y - 0.02, 0.04, "accent+"),
    ...[0.36, 0.64].map((x) => mark(pts(x, 0.82, x + 0.04, 0.82, x + 0.02, 0.76, x - 0.02, 0.76), "accent")),
  ];
}

function charger(rng: Random): Part[] {
  const h = rng.range(0.24, 0.3);
  return [
    box(0.64, h, 0.82, 0.82, "secondary"),
    ...pane(0.67, h + 0.04, 0.79, h + 0.16),
    solid(pts(0.74, h + 0.22, 0.7, h + 0.32, 0.74, h + 0.32, 0.72, h + 0.4, 0.78, h + 0.28, 0.74, h + 0.28), "accent"),
    oval(0.44, 0.84, 0.36, 0.07, "primary"),
    mark(ellipse(0.42, 0.83, 0.26, 0.04), "accent"),
    mark(ellipse(0.42, 0.83, 0.2, 0.025), "primary+"),
  ];
}

function press(rng: Random): Part[] {
  const beam = rng.range(0.24, 0.3);
  return [
    box(0.14, beam, 0.22, 0.86, "wood"),
    box(0.78, beam, 0.86, 0.86, "wood"),
    box(0.1, beam - 0.06, 0.9, beam + 0.04, "wood"),
    bar(pts(0.5, 0.06, 0.5, 0.56), "metal", 0.04),
    ...[0.3, 0.36, 0.42].map((y) => line(pts(0.47, y, 0.53, y + 0.03), "metal-", 0.015)),
    bar(pts(0.3, 0.12, 0.7, 0.12), "wood", 0.03),
    box(0.3, 0.54, 0.7, 0.6, "wood"),
    box(0.28, 0.6, 0.72, 0.84, "primary"),
    ...courses(0.28, 0.6, 0.72, 0.84, 4, "primary-"),
    box(0.24, 0.84, 0.76, 0.9, "secondary"),
    bar(pts(0.76, 0.86, 0.84, 0.88), "secondary", 0.03),
  ];
}

function terminal(rng: Random): Part[] {
  const top = rng.range(0.16, 0.22);
  return [
    box(0.18, top, 0.82, 0.6, "primary"),
    shade(pts(0.18, top, 0.82, top, 0.82, 0.6, 0.18, 0.6), "primary-", 0.74),
    boxMark(0.24, top + 0.05, 0.76, 0.54, "dark"),
    ...[0.12, 0.2, 0.28].map((d) => line(pts(0.3, top + d, 0.3 + rng.range(0.2, 0.4), top + d), "accent", 0.02)),
    box(0.42, 0.6, 0.58, 0.72, "secondary"),
    solid(pts(0.16, 0.76, 0.84, 0.76, 0.9, 0.88, 0.1, 0.88), "secondary"),
    ...courses(0.2, 0.78, 0.8, 0.86, 2, "secondary-", 0.015),
  ];
}

function lamppost(rng: Random): Part[] {
  const head = rng.range(0.14, 0.2);
  return [
    box(0.46, head + 0.14, 0.54, 0.86, "primary"),
    box(0.4, 0.84, 0.6, 0.92, "primary"),
    bar(pts(0.36, head + 0.16, 0.64, head + 0.16), "primary", 0.025),
    solid(pts(0.38, head + 0.14, 0.62, head + 0.14, 0.66, head, 0.34, head), "glass"),
    mark(pts(0.42, head + 0.12, 0.58, head + 0.12, 0.6, head + 0.02, 0.4, head + 0.02), "accent+"),
    solid(pts(0.32, head, 0.68, head, 0.5, head - 0.1), "primary"),
  ];
}

function pipe(rng: Random): Part[] {
  const y = rng.range(0.34, 0.42);
  const parts: Part[] = [bar(pts(0.08, y, 0.62, y, 0.62, 0.9), "primary", 0.16), line(pts(0.08, y - 0.04, 0.58, y - 0.04), "primary+", 0.03)];
  for (const x of [0.12, 0.4]) parts.push(box(x, y - 0.1, x + 0.05, y + 0.1, "secondary"));
  parts.push(box(0.52, 0.6, 0.72, 0.65, "secondary"), disc(0.3, y - 0.16, 0.07, "accent"), bar(pts(0.3, y - 0.1, 0.3, y - 0.04), "metal", 0.03));
  return parts;
}

function tank(rng: Random): Part[] {
  const top = rng.range(0.14, 0.2);
  return [
    ...lattice(0.2, 0.8, 0.26, 0.74, 0.5, 0.92, 2, "wood", 0.03),
    box(0.22, top, 0.78, 0.52, "primary"),
    ...courses(0.22, top, 0.78, 0.52, 4, "primary-"),
    solid(pts(0.18, top, 0.82, top, 0.5, top - 0.12), "secondary"),
    box(0.2, 0.3, 0.8, 0.34, "metal"),
  ];
}

/** Machine → its builder, default colours [primary, secondary, accent]. */
export const MACHINE_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  generator: objectBuilder("orange", "yellow", "red", generator),
  pump: objectBuilder("green", "grey", "white", pump),
  windpump: objectBuilder("silver", "red", "white", windpump),
  derrick: objectBuilder("grey", "brown", "orange", derrick),
  satellitedish: objectBuilder("white", "grey", "red", satelliteDish),
  sentrygun: objectBuilder("grey", "steel", "red", turret),
  charger: objectBuilder("grey", "steel", "cyan", charger),
  press: objectBuilder("brown", "tan", "white", press),
  terminal: objectBuilder("grey", "steel", "lime", terminal),
  lamppost: objectBuilder("black", "grey", "yellow", lamppost),
  pipe: objectBuilder("steel", "grey", "red", pipe),
  watertower: objectBuilder("brown", "maroon", "white", tank),
};
