/**
 * Buildings as recipes of parts: walls (stone courses, planks, ice blocks), a roof (gabled,
 * pointed, stacked eaves, a dome), openings (a door, windows, barred windows, a belfry) and a sign.
 * A Wild West street's false fronts (saloon, jail, bank, store), a bell tower, a pagoda and a torii
 * gate, an igloo, a tepee, a circus big top, a moon-base dome.
 */
import type { Random } from "../../kit/random.js";
import type { SpriteBuilder } from "../grid.js";
import { bar, box, boxMark, courses, disc, ellipse, gable, line, mark, objectBuilder, type Part, pane, PathBuilder, pts, shade, solid } from "./object-kit.js";

/** A false-fronted building of the Wild West: `sign` says which (its colour and what is in the windows). */
function falseFront(look: "saloon" | "jail" | "bank" | "store") {
  return (rng: Random): Part[] => {
    const top = rng.range(0.14, 0.2);
    const front =
      look === "jail"
        ? pts(0.1, top + 0.06, 0.9, top + 0.06, 0.9, 0.9, 0.1, 0.9)
        : pts(0.1, top + 0.06, 0.3, top + 0.06, 0.34, top, 0.66, top, 0.7, top + 0.06, 0.9, top + 0.06, 0.9, 0.9, 0.1, 0.9);
    const parts: Part[] = [
      solid(front, "primary"),
      shade(front, "primary-", 0.72),
      ...courses(0.1, top + 0.06, 0.9, 0.9, look === "jail" ? 6 : 9, "primary-", 0.01),
    ];
    parts.push(
      box(0.24, top + 0.08, 0.76, top + 0.2, "secondary"),
      ...[0.32, 0.42, 0.52, 0.62].map((x) => boxMark(x, top + 0.125, x + 0.06, top + 0.155, "dark")),
    );
    if (look === "saloon") {
      parts.push(box(0.4, 0.62, 0.6, 0.9, "dark"), box(0.41, 0.66, 0.49, 0.8, "wood"), box(0.51, 0.66, 0.59, 0.8, "wood"), box(0.06, 0.52, 0.94, 0.56, "wood"));
      parts.push(bar(pts(0.1, 0.56, 0.1, 0.9), "wood", 0.02), bar(pts(0.9, 0.56, 0.9, 0.9), "wood", 0.02));
    } else parts.push(box(0.42, 0.62, 0.58, 0.9, "wood"), disc(0.55, 0.77, 0.015, "metal"));
    for (const x of [0.16, 0.66]) {
      parts.push(...pane(x, 0.42, x + 0.18, 0.58));
      if (look === "jail") for (const dx of [0.045, 0.09, 0.135]) parts.push(line(pts(x + dx, 0.42, x + dx, 0.58), "metal", 0.02));
    }
    if (look === "bank") parts.push(disc(0.5, top + 0.3, 0.05, "accent"));
    return parts;
  };
}

function belltower(rng: Random): Part[] {
  const w = rng.range(0.16, 0.2);
  const [x0, x1] = [0.5 - w, 0.5 + w];
  const belfry = rng.range(0.26, 0.3);
  const body = pts(x0, belfry - 0.06, x1, belfry - 0.06, x1, 0.92, x0, 0.92);
  return [
    solid(body, "primary"),
    shade(body, "primary-", 0.56),
    ...courses(x0, belfry + 0.16, x1, 0.92, 8, "primary-", 0.01),
    solid(pts(x0 - 0.03, belfry - 0.06, x1 + 0.03, belfry - 0.06, 0.5, 0.02), "secondary"),
    mark(
      new PathBuilder(x0 + 0.05, belfry + 0.14)
        .lineTo(x0 + 0.05, belfry + 0.02)
        .quadTo(0.5, belfry - 0.06, x1 - 0.05, belfry + 0.02)
        .lineTo(x1 - 0.05, belfry + 0.14)
        .build(),
      "dark",
    ),
    solid(pts(0.44, belfry + 0.12, 0.56, belfry + 0.12, 0.54, belfry + 0.04, 0.46, belfry + 0.04), "accent"),
    disc(0.5, belfry + 0.03, 0.025, "accent"),
    box(0.44, 0.78, 0.56, 0.92, "wood"),
    ...pane(0.46, 0.52, 0.54, 0.62),
  ];
}

function pagoda(rng: Random): Part[] {
  const tiers = rng.int(2, 3);
  const parts: Part[] = [];
  for (let k = tiers - 1; k >= 0; k--) {
    const y = 0.9 - ((k + 1) * 0.7) / tiers;
    const w = 0.36 - k * 0.06;
    parts.push(box(0.5 - w * 0.7, y, 0.5 + w * 0.7, y + 0.7 / tiers, "primary"), ...pane(0.44, y + 0.08, 0.56, y + 0.7 / tiers - 0.04));
    parts.push(
      solid(
        new PathBuilder(0.5 - w - 0.06, y + 0.02)
          .quadTo(0.5 - w * 0.6, y + 0.02, 0.5 - w * 0.4, y - 0.08)
          .lineTo(0.5 + w * 0.4, y - 0.08)
          .quadTo(0.5 + w * 0.6, y + 0.02, 0.5 + w + 0.06, y + 0.02)
          .lineTo(0.5 + w * 0.7, y + 0.05)
          .lineTo(0.5 - w * 0.7, y + 0.05)
          .build(),
        "secondary",
      ),
    );
  }
  parts.push(bar(pts(0.5, 0.2 - 0.7 / tiers + 0.08, 0.5, 0.02), "accent", 0.025));
  return parts;
}

function torii(rng: Random): Part[] {
  const top = rng.range(0.14, 0.2);
  return [
    box(0.22, top + 0.08, 0.3, 0.92, "primary"),
    box(0.7, top + 0.08, 0.78, 0.92, "primary"),
    solid(
      new PathBuilder(0.04, top - 0.04)
        .quadTo(0.5, top + 0.04, 0.96, top - 0.04)
        .lineTo(0.92, top + 0.06)
        .lineTo(0.08, top + 0.06)
        .build(),
      "dark",
    ),
    box(0.12, top + 0.16, 0.88, top + 0.22, "primary"),
    box(0.46, top + 0.06, 0.54, top + 0.16, "primary"),
    box(0.2, 0.88, 0.32, 0.92, "dark"),
    box(0.68, 0.88, 0.8, 0.92, "dark"),
  ];
}

function igloo(rng: Random): Part[] {
  const h = rng.range(0.44, 0.5);
  const dome = new PathBuilder(0.08, 0.88)
    .quadTo(0.08, 0.88 - h, 0.5, 0.88 - h)
    .quadTo(0.92, 0.88 - h, 0.92, 0.88)
    .build();
  const parts: Part[] = [solid(dome, "primary"), shade(dome, "primary-", 0.62)];
  parts.push(...[0.78, 0.68, 0.58].flatMap((y) => line(pts(0.1, y, 0.9, y), "secondary", 0.012)));
  parts.push(
    solid(new PathBuilder(0.28, 0.9).lineTo(0.28, 0.74).quadTo(0.38, 0.64, 0.48, 0.74).lineTo(0.48, 0.9).build(), "primary"),
    solid(new PathBuilder(0.32, 0.9).lineTo(0.32, 0.76).quadTo(0.38, 0.7, 0.44, 0.76).lineTo(0.44, 0.9).build(), "dark"),
  );
  return parts;
}

function tepee(rng: Random): Part[] {
  const peak = rng.range(0.14, 0.2);
  const cone = pts(0.5, peak, 0.86, 0.9, 0.14, 0.9);
  return [
    bar(pts(0.4, 0.06, 0.54, 0.3), "wood", 0.02),
    bar(pts(0.6, 0.06, 0.46, 0.3), "wood", 0.02),
    solid(cone, "primary"),
    shade(cone, "primary-", 0.56),
    line(pts(0.2, 0.78, 0.8, 0.78), "accent", 0.03),
    line(pts(0.28, 0.62, 0.72, 0.62), "secondary", 0.02),
    solid(pts(0.5, 0.56, 0.6, 0.9, 0.42, 0.9), "dark"),
  ];
}

function bigtop(rng: Random): Part[] {
  const eave = rng.range(0.44, 0.5);
  const parts: Part[] = [box(0.14, eave, 0.86, 0.9, "secondary")];
  for (let x = 0.14; x < 0.86; x += 0.12) parts.push(boxMark(x, eave, x + 0.06, 0.9, "primary"));
  parts.push(solid(pts(0.5, 0.1, 0.92, eave, 0.08, eave), "primary"));
  for (let k = 0; k < 4; k++) parts.push(mark(pts(0.5, 0.1, 0.16 + k * 0.2, eave, 0.24 + k * 0.2, eave), "secondary"));
  parts.push(box(0.4, 0.64, 0.6, 0.9, "dark"), bar(pts(0.5, 0.1, 0.5, 0.02), "wood", 0.015), solid(pts(0.5, 0.02, 0.62, 0.04, 0.5, 0.07), "accent"));
  return parts;
}

function habitat(rng: Random): Part[] {
  const h = rng.range(0.4, 0.46);
  const dome = new PathBuilder(0.12, 0.84)
    .quadTo(0.12, 0.84 - h, 0.5, 0.84 - h)
    .quadTo(0.88, 0.84 - h, 0.88, 0.84)
    .build();
  return [
    box(0.06, 0.82, 0.94, 0.9, "secondary"),
    solid(dome, "glass"),
    mark(ellipse(0.38, 0.58, 0.1, 0.06, -0.5), "glass+"),
    ...[0.3, 0.5, 0.7].map((x) => line(pts(x, 0.84, 0.5, 0.84 - h), "primary", 0.015)),
    box(0.7, 0.66, 0.94, 0.84, "primary"),
    box(0.86, 0.7, 0.92, 0.82, "dark"),
    bar(pts(0.3, 0.84 - h * 0.6, 0.24, 0.18), "metal", 0.015),
    disc(0.24, 0.17, 0.025, "accent+"),
  ];
}

function hut(rng: Random): Part[] {
  // a stilted jungle hut: a thatched roof on a wooden floor on posts
  const floor = rng.range(0.56, 0.62);
  return [
    ...[0.24, 0.5, 0.76].map((x) => bar(pts(x, floor, x, 0.92), "wood", 0.03)),
    box(0.18, floor - 0.22, 0.82, floor, "secondary"),
    ...courses(0.18, floor - 0.22, 0.82, floor, 4, "secondary-"),
    box(0.42, floor - 0.16, 0.56, floor, "dark"),
    box(0.12, floor, 0.88, floor + 0.04, "wood"),
    gable(0.18, 0.82, floor - 0.2, 0.1, 0.08, "primary"),
    ...[0.3, 0.5, 0.7].map((x) => line(pts(0.5, 0.12, x - 0.1, floor - 0.22), "primary-", 0.012)),
  ];
}

export const BUILDING_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  saloon: objectBuilder("brown", "tan", "red", falseFront("saloon")),
  jail: objectBuilder("tan", "brown", "black", falseFront("jail")),
  bank: objectBuilder("grey", "navy", "gold", falseFront("bank")),
  storefront: objectBuilder("maroon", "white", "green", falseFront("store")),
  belltower: objectBuilder("grey", "maroon", "gold", belltower),
  pagoda: objectBuilder("red", "black", "gold", pagoda),
  torii: objectBuilder("red", "black", "white", torii),
  igloo: objectBuilder("white", "sky", "white", igloo),
  tepee: objectBuilder("tan", "brown", "red", tepee),
  bigtop: objectBuilder("red", "white", "yellow", bigtop),
  habitat: objectBuilder("white", "grey", "red", habitat),
  stilthut: objectBuilder("amber", "brown", "white", hut),
};
