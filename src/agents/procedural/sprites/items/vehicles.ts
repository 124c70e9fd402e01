/**
 * Vehicles as recipes of parts, side view: a body, its wheels (or runners, rotors, a balloon), and
 * what sets it apart (a steam engine's chimney and cowcatcher, a coach's lamps and luggage, a
 * rover's dish, a submarine's tower and periscope, an airship's fins and gondola). Wild West,
 * Victorian, arctic, Japanese, sci-fi and sky-pirate settings each name a few.
 */
import type { Random } from "../../kit/random.js";
import type { SpriteBuilder } from "../grid.js";
import {
  bar,
  box,
  boxMark,
  courses,
  disc,
  line,
  mark,
  objectBuilder,
  oval,
  type Part,
  pane,
  PathBuilder,
  porthole,
  pts,
  shade,
  solid,
  wheel,
  circle,
  ellipse,
} from "./object-kit.js";

const GROUND = 0.9;

function locomotive(rng: Random): Part[] {
  const r = rng.range(0.1, 0.12);
  const top = rng.range(0.42, 0.48);
  const boiler = pts(0.12, top, 0.66, top, 0.66, top + 0.22, 0.12, top + 0.22);
  const parts: Part[] = [
    // the cab, the boiler, the chimney (a funnel or a straight stack), the dome, the cowcatcher
    box(0.62, top - 0.2, 0.92, top + 0.26, "secondary"),
    solid(pts(0.6, top - 0.24, 0.95, top - 0.24, 0.95, top - 0.19, 0.6, top - 0.19), "dark"),
    ...pane(0.68, top - 0.14, 0.86, top),
    solid(boiler, "primary"),
    shade(boiler, "primary-", 0.5),
    ...courses(0.12, top, 0.66, top + 0.22, 1, "primary-"),
    rng.chance(0.5) ? solid(pts(0.16, top - 0.22, 0.3, top - 0.22, 0.26, top, 0.2, top), "dark") : box(0.18, top - 0.18, 0.27, top, "dark"),
    oval(0.42, top, 0.06, 0.05, "accent"),
    solid(pts(0.12, top + 0.14, 0.12, top + 0.3, 0.02, GROUND - 0.02), "metal"),
    disc(0.1, top + 0.06, 0.035, "accent+"),
    box(0.1, top + 0.22, 0.94, top + 0.3, "dark"),
  ];
  for (const x of [0.3, 0.54]) parts.push(...wheel(x, GROUND - r, r, 4));
  parts.push(...wheel(0.8, GROUND - r * 0.8, r * 0.8, 4), bar(pts(0.3, GROUND - r, 0.54, GROUND - r), "metal", 0.02));
  if (rng.chance(0.6)) parts.push(oval(0.2, top - 0.3, 0.08, 0.05, "light"), oval(0.3, top - 0.36, 0.06, 0.04, "light"));
  return parts;
}

function stagecoach(rng: Random): Part[] {
  const top = rng.range(0.26, 0.32);
  const body = new PathBuilder(0.22, top).lineTo(0.78, top).lineTo(0.8, 0.7).quadTo(0.5, 0.78, 0.2, 0.7).build();
  const parts: Part[] = [
    box(0.12, 0.6, 0.24, 0.64, "wood"),
    solid(body, "primary"),
    shade(body, "primary-", 0.64),
    box(0.2, top - 0.03, 0.8, top + 0.02, "secondary"),
    // luggage on the roof, a door with its window, lamps
    box(0.3, top - 0.12, 0.5, top - 0.03, "wood"),
    box(0.52, top - 0.09, 0.66, top - 0.03, "accent"),
    boxMark(0.42, top + 0.08, 0.6, 0.66, "primary-"),
    ...pane(0.45, top + 0.1, 0.57, top + 0.22),
    disc(0.2, top + 0.06, 0.03, "accent+"),
    disc(0.8, top + 0.06, 0.03, "accent+"),
  ];
  parts.push(...wheel(0.28, GROUND - 0.13, 0.13, 6), ...wheel(0.74, GROUND - 0.15, 0.15, 6));
  return parts;
}

function wagon(rng: Random): Part[] {
  const bed = rng.range(0.56, 0.62);
  const canvas = new PathBuilder(0.18, bed).lineTo(0.18, 0.34).quadTo(0.5, 0.08, 0.82, 0.34).lineTo(0.82, bed).build();
  return [
    solid(canvas, "secondary"),
    shade(canvas, "secondary-", 0.66),
    line(pts(0.34, bed, 0.34, 0.26), "secondary-", 0.015),
    line(pts(0.66, bed, 0.66, 0.26), "secondary-", 0.015),
    box(0.12, bed, 0.88, bed + 0.12, "primary"),
    ...courses(0.12, bed, 0.88, bed + 0.12, 2, "primary-"),
    bar(pts(0.88, bed + 0.1, 0.98, bed + 0.16), "wood", 0.025),
    ...wheel(0.26, GROUND - 0.12, 0.12, 6),
    ...wheel(0.74, GROUND - 0.12, 0.12, 6),
  ];
}

function minecart(rng: Random): Part[] {
  const top = rng.range(0.42, 0.5);
  const tub = pts(0.14, top, 0.86, top, 0.78, 0.78, 0.22, 0.78);
  return [
    oval(0.38, top, 0.12, 0.07, "accent"),
    oval(0.58, top - 0.02, 0.1, 0.08, "accent-"),
    solid(tub, "primary"),
    shade(tub, "primary-", 0.6),
    boxMark(0.14, top, 0.86, top + 0.04, "metal"),
    ...[0.3, 0.7].flatMap((x) => mark(pts(x - 0.015, top + 0.04, x + 0.015, top + 0.04, x + 0.015, 0.76, x - 0.015, 0.76), "metal")),
    ...wheel(0.3, 0.83, 0.07),
    ...wheel(0.7, 0.83, 0.07),
    box(0.04, 0.89, 0.96, 0.92, "metal"),
  ];
}

function rover(rng: Random): Part[] {
  const deck = rng.range(0.54, 0.6);
  const parts: Part[] = [
    // a solar panel and a dish on masts, a cabin or an open seat
    bar(pts(0.7, deck, 0.72, 0.28), "metal", 0.02),
    solid(pts(0.6, 0.22, 0.84, 0.3, 0.82, 0.34, 0.58, 0.26), "accent"),
    bar(pts(0.26, deck, 0.26, 0.36), "metal", 0.015),
    oval(0.26, 0.32, 0.08, 0.04, "secondary", -0.5),
    box(0.1, deck, 0.9, deck + 0.12, "primary"),
    shade(pts(0.1, deck, 0.9, deck, 0.9, deck + 0.12, 0.1, deck + 0.12), "primary-", 0.1),
    boxMark(0.1, deck, 0.9, deck + 0.03, "primary+"),
  ];
  if (rng.chance(0.5))
    parts.push(solid(pts(0.36, deck, 0.4, deck - 0.14, 0.6, deck - 0.14, 0.66, deck), "secondary"), ...pane(0.42, deck - 0.12, 0.58, deck - 0.03));
  else parts.push(box(0.4, deck - 0.1, 0.46, deck, "dark"), box(0.4, deck - 0.04, 0.56, deck, "dark"));
  const wheels = rng.pick([4, 6]);
  const xs = wheels === 4 ? [0.2, 0.8] : [0.18, 0.5, 0.82];
  for (const x of xs) parts.push(bar(pts(x, deck + 0.1, x, GROUND - 0.1), "metal", 0.02), ...wheel(x, GROUND - 0.1, 0.1));
  return parts;
}

function submarine(rng: Random): Part[] {
  const y = rng.range(0.56, 0.62);
  const hull = ellipse(0.48, y, 0.4, 0.15);
  const parts: Part[] = [
    bar(pts(0.44, y - 0.3, 0.44, y - 0.44, 0.52, y - 0.44), "metal", 0.025),
    box(0.36, y - 0.3, 0.56, y - 0.1, "primary"),
    solid(hull, "primary"),
    shade(hull, "primary-", 0.6),
    solid(pts(0.86, y, 0.97, y - 0.12, 0.97, y + 0.12), "secondary"),
    line(pts(0.1, y + 0.05, 0.86, y + 0.05), "primary-", 0.015),
  ];
  for (const x of [0.2, 0.34, 0.48, 0.62]) parts.push(...porthole(x, y - 0.02, 0.035));
  if (rng.chance(0.5)) parts.push(disc(0.12, y - 0.02, 0.04, "accent+"));
  return parts;
}

function airship(rng: Random): Part[] {
  const y = rng.range(0.32, 0.38);
  const envelope = ellipse(0.48, y, 0.4, 0.2);
  return [
    solid(pts(0.78, y, 0.96, y - 0.2, 0.98, y - 0.04), "secondary"),
    solid(pts(0.78, y, 0.96, y + 0.2, 0.98, y + 0.04), "secondary"),
    solid(envelope, "primary"),
    shade(envelope, "primary-", 0.62),
    ...[-0.1, 0, 0.1].map((d) => line(pts(0.1, y + d, 0.86, y + d), "primary-", 0.012)),
    mark(ellipse(0.34, y - 0.1, 0.14, 0.04), "primary+"),
    bar(pts(0.36, y + 0.18, 0.4, y + 0.32), "dark", 0.025),
    bar(pts(0.62, y + 0.18, 0.58, y + 0.32), "dark", 0.025),
    // the gondola with its windows, a propeller behind
    solid(pts(0.32, y + 0.3, 0.66, y + 0.3, 0.62, y + 0.42, 0.36, y + 0.42), "wood"),
    ...[0.4, 0.49, 0.58].flatMap((x) => pane(x - 0.025, y + 0.32, x + 0.025, y + 0.36)),
    bar(pts(0.66, y + 0.36, 0.74, y + 0.36), "metal", 0.02),
    oval(0.75, y + 0.36, 0.015, 0.07, "metal"),
  ];
}

function balloon(rng: Random): Part[] {
  const r = rng.range(0.26, 0.3);
  const envelope = new PathBuilder(0.5 - r, 0.36)
    .quadTo(0.5 - r, 0.04, 0.5, 0.05)
    .quadTo(0.5 + r, 0.04, 0.5 + r, 0.36)
    .quadTo(0.5 + r * 0.6, 0.58, 0.56, 0.64)
    .lineTo(0.44, 0.64)
    .quadTo(0.5 - r * 0.6, 0.58, 0.5 - r, 0.36)
    .build();
  const parts: Part[] = [solid(envelope, "primary"), shade(envelope, "primary-", 0.6)];
  for (const dx of [-0.5, 0.5]) parts.push(mark(ellipse(0.5 + dx * r * 0.6, 0.32, r * 0.16, r * 1.1), "secondary"));
  parts.push(
    bar(pts(0.44, 0.64, 0.42, 0.76), "dark", 0.025),
    bar(pts(0.56, 0.64, 0.58, 0.76), "dark", 0.025),
    box(0.4, 0.76, 0.6, 0.9, "wood"),
    ...courses(0.4, 0.76, 0.6, 0.9, 2, "wood-"),
  );
  return parts;
}

function pod(rng: Random): Part[] {
  const lean = rng.range(-0.3, 0.3);
  const shell = ellipse(0.5, 0.5, 0.26, 0.36, lean);
  return [
    solid(pts(0.32, 0.78, 0.68, 0.78, 0.74, 0.9, 0.26, 0.9), "metal"),
    solid(shell, "primary"),
    shade(shell, "primary-", 0.6),
    mark(ellipse(0.5, 0.4, 0.14, 0.12, lean), "metal"),
    mark(ellipse(0.5, 0.4, 0.1, 0.09, lean), "glass"),
    mark(ellipse(0.46, 0.37, 0.04, 0.03, lean), "glass+"),
    line(pts(0.28, 0.6, 0.72, 0.6), "secondary", 0.03),
    disc(0.5, 0.7, 0.03, "accent+"),
  ];
}

function drone(rng: Random): Part[] {
  const y = rng.range(0.42, 0.48);
  const parts: Part[] = [];
  for (const x of [0.16, 0.84])
    parts.push(bar(pts(0.5, y, x, y - 0.12), "metal", 0.03), oval(x, y - 0.15, 0.13, 0.025, "dark"), box(x - 0.015, y - 0.15, x + 0.015, y - 0.1, "metal"));
  const body = ellipse(0.5, y, 0.2, 0.1);
  parts.push(solid(body, "primary"), shade(body, "primary-", 0.56), disc(0.5, y + 0.1, 0.06, "metal"), mark(circle(0.5, y + 0.11, 0.035), "accent+"));
  parts.push(bar(pts(0.34, y + 0.06, 0.3, y + 0.2), "metal", 0.02), bar(pts(0.66, y + 0.06, 0.7, y + 0.2), "metal", 0.02));
  return parts;
}

function sled(rng: Random): Part[] {
  const deck = rng.range(0.5, 0.56);
  return [
    bar(pts(0.08, 0.72, 0.14, 0.84, 0.9, 0.84), "metal", 0.03),
    ...[0.28, 0.5, 0.72].map((x) => bar(pts(x, deck + 0.08, x, 0.84), "wood", 0.025)),
    box(0.16, deck, 0.84, deck + 0.1, "primary"),
    ...courses(0.16, deck, 0.84, deck + 0.1, 2, "primary-"),
    bar(pts(0.84, deck + 0.05, 0.86, deck - 0.22, 0.9, deck - 0.24), "wood", 0.03),
    box(0.3, deck - 0.1, 0.56, deck, "secondary"),
  ];
}

function rickshaw(rng: Random): Part[] {
  const seat = rng.range(0.52, 0.56);
  const hood = new PathBuilder(0.26, seat)
    .quadTo(0.26, 0.2, 0.6, 0.24)
    .lineTo(0.6, seat - 0.2)
    .lineTo(0.36, seat - 0.02)
    .build();
  return [
    bar(pts(0.56, seat + 0.14, 0.98, seat + 0.2), "wood", 0.025),
    box(0.26, seat, 0.62, seat + 0.14, "primary"),
    box(0.24, seat - 0.2, 0.32, seat + 0.14, "primary"),
    solid(hood, "secondary"),
    ...wheel(0.42, GROUND - 0.17, 0.17, 8),
  ];
}

function car(rng: Random): Part[] {
  const deck = rng.range(0.54, 0.6);
  const body = new PathBuilder(0.06, deck + 0.14)
    .lineTo(0.06, deck)
    .lineTo(0.28, deck - 0.04)
    .lineTo(0.36, deck - 0.2)
    .lineTo(0.66, deck - 0.2)
    .lineTo(0.74, deck - 0.04)
    .lineTo(0.94, deck)
    .lineTo(0.94, deck + 0.14)
    .build();
  return [
    solid(body, "primary"),
    shade(body, "primary-", 0.7),
    ...pane(0.39, deck - 0.17, 0.5, deck - 0.05),
    ...pane(0.53, deck - 0.17, 0.66, deck - 0.05),
    disc(0.08, deck + 0.04, 0.025, "accent+"),
    ...wheel(0.24, deck + 0.16, 0.1),
    ...wheel(0.76, deck + 0.16, 0.1),
  ];
}

/** Vehicle → its builder, default colours [primary, secondary, accent]. */
export const VEHICLE_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  locomotive: objectBuilder("black", "maroon", "gold", locomotive),
  stagecoach: objectBuilder("maroon", "black", "gold", stagecoach),
  coveredwagon: objectBuilder("brown", "beige", "white", wagon),
  minecart: objectBuilder("grey", "steel", "orange", minecart),
  rover: objectBuilder("white", "grey", "sky", rover),
  submarine: objectBuilder("yellow", "orange", "red", submarine),
  airship: objectBuilder("tan", "brown", "gold", airship),
  balloon: objectBuilder("red", "yellow", "white", balloon),
  pod: objectBuilder("white", "orange", "red", pod),
  quadcopter: objectBuilder("grey", "steel", "yellow", drone),
  sled: objectBuilder("brown", "red", "white", sled),
  rickshaw: objectBuilder("red", "black", "gold", rickshaw),
  car: objectBuilder("red", "black", "yellow", car),
};
