/** Icon shapes of buildings and structures: house, tent, tower, castle, bridge, well. */
import { circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import type { IconShape, Part } from "../parts.js";
import { bar, detail, line, poly, shadeRight, solid, steps } from "./kit.js";

/** A crenellated top edge: merlons between x0 and x1 on top of y. */
function battlement(x0: number, x1: number, y: number, count: number, h: number): number[] {
  const pts: number[] = [x0, y + h];
  const w = (x1 - x0) / (count * 2 - 1);
  for (let i = 0; i < count * 2 - 1; i++) {
    const x = x0 + i * w;
    const up = i % 2 === 0;
    pts.push(x, up ? y : y + h, x + w, up ? y : y + h);
  }
  pts.push(x1, y + h);
  return pts;
}

export const house: IconShape = {
  primary: "red",
  secondary: "beige",
  accent: "brown",
  build(rng) {
    const w = rng.range(0.3, 0.36);
    const eave = rng.range(0.4, 0.46);
    const peak = rng.range(0.08, 0.16);
    const walls = rect(0.5 - w, eave, w * 2, 0.9 - eave);
    const parts: Part[] = [];
    if (rng.chance(0.6)) parts.push(solid(rect(0.62, peak + 0.06, 0.1, 0.22), "accent-"));
    parts.push(solid(walls, "secondary"), shadeRight(walls, "secondary-", 0.5 + w - 0.08));
    const roof = poly(0.5 - w - 0.1, eave + 0.04, 0.5, peak, 0.5 + w + 0.1, eave + 0.04);
    parts.push(solid(roof, "primary"), detail(roof, "primary-", { clips: [[rect(0.5, 0, 1, 1)]] }));
    for (const t of steps(0.25, 0.75, 3))
      parts.push(
        line(poly(0.5 - (w + 0.1) * t * 1.2, peak + (eave - peak) * t * 1.2, 0.5 + (w + 0.1) * t * 1.2, peak + (eave - peak) * t * 1.2), "primary-", 0.012, {
          clips: [[roof]],
        }),
      );
    const doorLeft = rng.chance(0.5);
    const dx = doorLeft ? 0.5 - w * 0.55 : 0.5 + w * 0.2;
    parts.push(
      solid(
        new PathBuilder(dx, 0.9)
          .lineTo(dx, 0.7)
          .quadTo(dx + 0.08, 0.62, dx + 0.16, 0.7)
          .lineTo(dx + 0.16, 0.9)
          .build(),
        "accent",
      ),
      detail(circle(dx + 0.12, 0.8, 0.015), "light"),
    );
    const wx = doorLeft ? 0.5 + w * 0.3 : 0.5 - w * 0.7;
    parts.push(
      solid(rect(wx, eave + 0.12, 0.16, 0.14), "accent"),
      detail(rect(wx + 0.02, eave + 0.14, 0.12, 0.1), "glass"),
      line(poly(wx + 0.08, eave + 0.12, wx + 0.08, eave + 0.26), "accent", 0.014),
      line(poly(wx, eave + 0.19, wx + 0.16, eave + 0.19), "accent", 0.014),
    );
    if (rng.chance(0.4)) parts.push(solid(circle(0.5, peak + 0.14, 0.045), "accent"), detail(circle(0.5, peak + 0.14, 0.028), "light-"));
    return parts;
  },
};

export const tent: IconShape = {
  primary: "red",
  secondary: "beige",
  accent: "brown",
  build(rng) {
    const w = rng.range(0.38, 0.44);
    const peak = rng.range(0.1, 0.18);
    const body = poly(0.5, peak, 0.5 + w, 0.88, 0.5 - w, 0.88);
    const parts: Part[] = [bar(poly(0.5, peak, 0.5, peak - 0.08), "accent", 0.03)];
    if (rng.chance(0.5)) parts.push(solid(poly(0.5, peak - 0.08, 0.66, peak - 0.04, 0.5, peak), "secondary"));
    parts.push(solid(body, "primary"));
    const stripes = rng.chance(0.5);
    if (stripes)
      for (const t of [-0.5, 0.5]) parts.push(detail(poly(0.5, peak, 0.5 + t * w * 0.7, 0.88, 0.5 + t * w * 0.35, 0.88), "secondary", { clips: [[body]] }));
    parts.push(detail(body, "primary-", { clips: [[rect(0.5, 0, 1, 1)]], opacity: 0.6 }));
    parts.push(solid(poly(0.5, peak + 0.26, 0.6, 0.88, 0.4, 0.88), "dark"), solid(poly(0.5, peak + 0.26, 0.4, 0.88, 0.3, 0.88), "primary+"));
    parts.push(line(poly(0.5 - w, 0.88, 0.5 + w, 0.88), "accent", 0.03));
    for (const d of [-1, 1]) parts.push(line(poly(0.5 + d * w * 0.6, 0.5, 0.5 + d * (w + 0.06), 0.9), "accent", 0.012));
    return parts;
  },
};

export const tower: IconShape = {
  primary: "grey",
  secondary: "blue",
  accent: "brown",
  build(rng) {
    const w = rng.range(0.17, 0.21);
    const top = rng.range(0.34, 0.42);
    const conical = rng.chance(0.55);
    const shaft = poly(0.5 - w, top, 0.5 + w, top, 0.5 + w + 0.04, 0.94, 0.5 - w - 0.04, 0.94);
    const parts: Part[] = [solid(shaft, "primary")];
    for (const [i, y] of steps(top + 0.08, 0.88, 6).entries()) {
      parts.push(line(poly(0.3, y, 0.7, y), "primary-", 0.012, { clips: [[shaft]] }));
      parts.push(line(poly(0.5 + (i % 2 ? 0.06 : -0.06), y, 0.5 + (i % 2 ? 0.06 : -0.06), y + 0.13), "primary-", 0.012, { clips: [[shaft]] }));
    }
    parts.push(shadeRight(shaft, "primary-", 0.5 + w - 0.06));
    if (conical) {
      parts.push(solid(rect(0.5 - w - 0.04, top - 0.05, (w + 0.04) * 2, 0.07), "primary+"));
      const roof = poly(0.5 - w - 0.08, top - 0.04, 0.5, 0.04, 0.5 + w + 0.08, top - 0.04);
      parts.push(solid(roof, "secondary"), detail(roof, "secondary-", { clips: [[rect(0.5, 0, 1, 1)]] }));
    } else {
      parts.push(
        solid(poly(...battlement(0.5 - w - 0.06, 0.5 + w + 0.06, top - 0.14, 3, 0.07), 0.5 + w + 0.06, top + 0.02, 0.5 - w - 0.06, top + 0.02), "primary+"),
      );
      if (rng.chance(0.6)) parts.push(bar(poly(0.5, top - 0.14, 0.5, 0.02), "accent", 0.02), solid(poly(0.5, 0.02, 0.68, 0.06, 0.5, 0.11), "secondary"));
    }
    parts.push(
      solid(
        new PathBuilder(0.45, top + 0.24)
          .quadTo(0.5, top + 0.16, 0.55, top + 0.24)
          .lineTo(0.55, top + 0.3)
          .lineTo(0.45, top + 0.3)
          .build(),
        "dark",
      ),
    );
    parts.push(solid(new PathBuilder(0.43, 0.94).lineTo(0.43, 0.82).quadTo(0.5, 0.74, 0.57, 0.82).lineTo(0.57, 0.94).build(), "accent"));
    return parts;
  },
};

export const castle: IconShape = {
  primary: "grey",
  secondary: "red",
  accent: "brown",
  build(rng) {
    const wallTop = rng.range(0.46, 0.52);
    const towerTop = rng.range(0.22, 0.3);
    const roofs = rng.chance(0.5);
    const parts: Part[] = [];
    const keep = rng.chance(0.5);
    if (keep) parts.push(solid(poly(...battlement(0.36, 0.64, towerTop - 0.1, 3, 0.06), 0.64, 0.9, 0.36, 0.9), "primary-"));
    parts.push(solid(poly(...battlement(0.2, 0.8, wallTop, 4, 0.06), 0.8, 0.92, 0.2, 0.92), "primary"));
    for (const x of [0.06, 0.74]) {
      const t = rect(x, towerTop + 0.04, 0.2, 0.92 - towerTop - 0.04);
      parts.push(solid(roofs ? t : poly(...battlement(x - 0.02, x + 0.22, towerTop, 2, 0.06), x + 0.22, 0.92, x - 0.02, 0.92), "primary"));
      if (roofs) parts.push(solid(poly(x - 0.03, towerTop + 0.06, x + 0.1, towerTop - 0.16, x + 0.23, towerTop + 0.06), "secondary"));
      parts.push(detail(t, "primary-", { clips: [[rect(x + 0.14, 0, 1, 1)]] }), solid(roundRect(x + 0.07, towerTop + 0.16, 0.06, 0.1, 0.03), "dark"));
    }
    for (const y of steps(wallTop + 0.14, 0.86, 3)) parts.push(line(poly(0.26, y, 0.74, y), "primary-", 0.012));
    parts.push(solid(new PathBuilder(0.4, 0.92).lineTo(0.4, 0.74).quadTo(0.5, 0.62, 0.6, 0.74).lineTo(0.6, 0.92).build(), "accent"));
    for (const x of steps(0.43, 0.57, 3)) parts.push(line(poly(x, 0.7, x, 0.92), "accent--", 0.012));
    if (rng.chance(0.6))
      parts.push(bar(poly(0.5, keep ? towerTop - 0.1 : wallTop, 0.5, 0.04), "accent", 0.02), solid(poly(0.5, 0.04, 0.66, 0.08, 0.5, 0.13), "secondary"));
    return parts;
  },
};

export const bridge: IconShape = {
  primary: "grey",
  secondary: "blue",
  accent: "brown",
  build(rng) {
    const stone = rng.chance(0.55);
    const parts: Part[] = [solid(ellipse(0.5, 0.84, 0.46, 0.1), "secondary"), detail(ellipse(0.5, 0.82, 0.3, 0.03), "secondary+")];
    if (stone) {
      const deck = rng.range(0.4, 0.46);
      const arches = rng.int(1, 2);
      const body: number[] = [0.04, deck, 0.96, deck, 0.96, 0.86];
      const span = 0.92 / arches;
      for (let a = arches - 1; a >= 0; a--) {
        const x0 = 0.04 + a * span + 0.08;
        const x1 = 0.04 + (a + 1) * span - 0.08;
        body.push(x1, 0.86);
        for (let i = 0; i <= 12; i++) {
          const t = Math.PI * (i / 12);
          body.push((x0 + x1) / 2 + (Math.cos(t) * (x1 - x0)) / 2, 0.86 - Math.sin(t) * Math.min(0.3, (x1 - x0) * 0.7));
        }
        body.push(x0, 0.86);
      }
      body.push(0.04, 0.86);
      const shape = poly(...body);
      parts.push(solid(shape, "primary"), detail(rect(0.04, deck, 0.92, 0.04), "primary+"));
      for (const y of [deck + 0.1, deck + 0.2]) parts.push(line(poly(0, y, 1, y), "primary-", 0.012, { clips: [[shape]] }));
      parts.push(solid(poly(...battlement(0.04, 0.96, deck - 0.1, 7, 0.05), 0.96, deck, 0.04, deck), "primary-"));
    } else {
      const sag = rng.range(0.06, 0.12);
      const deck = new PathBuilder(0.04, 0.5)
        .quadTo(0.5, 0.5 + sag * 2, 0.96, 0.5)
        .lineTo(0.96, 0.56)
        .quadTo(0.5, 0.56 + sag * 2, 0.04, 0.56)
        .build();
      for (const x of [0.1, 0.9]) parts.push(bar(poly(x, 0.2, x, 0.9), "accent-", 0.05));
      parts.push(line(new PathBuilder(0.1, 0.24).quadTo(0.5, 0.24 + sag * 3, 0.9, 0.24).build(), "accent", 0.02));
      for (const t of steps(0.2, 0.8, 7)) parts.push(line(poly(t, 0.27 + sag * 3 * t * (1 - t) * 1.6, t, 0.5 + sag * 4 * t * (1 - t) * 1.6), "accent", 0.01));
      parts.push(solid(deck, "accent"));
      for (const t of steps(0.1, 0.9, 9))
        parts.push(line(poly(t, 0.5 + sag * 4 * t * (1 - t) * 1.6 - 0.01, t, 0.56 + sag * 4 * t * (1 - t) * 1.6), "accent--", 0.01));
    }
    return parts;
  },
};

export const well: IconShape = {
  primary: "grey",
  secondary: "red",
  accent: "brown",
  build(rng) {
    const w = rng.range(0.3, 0.34);
    const parts: Part[] = [];
    for (const d of [-1, 1]) parts.push(bar(poly(0.5 + d * (w - 0.04), 0.64, 0.5 + d * (w - 0.04), 0.24), "accent", 0.05));
    const roof = poly(0.5 - w - 0.12, 0.3, 0.5, 0.06 + rng.range(0, 0.06), 0.5 + w + 0.12, 0.3);
    parts.push(solid(roof, "secondary"), detail(roof, "secondary-", { clips: [[rect(0.5, 0, 1, 1)]] }));
    parts.push(bar(poly(0.5 - w, 0.36, 0.5 + w, 0.36), "accent-", 0.035), line(poly(0.5, 0.36, 0.5, 0.54), "accent+", 0.014));
    parts.push(solid(rect(0.45, 0.5, 0.1, 0.08), "accent"));
    const rim = ellipse(0.5, 0.64, w + 0.04, 0.07);
    const wall = rect(0.5 - w - 0.04, 0.64, (w + 0.04) * 2, 0.26);
    parts.push(
      solid(wall, "primary"),
      solid(ellipse(0.5, 0.9, w + 0.04, 0.05), "primary"),
      solid(rim, "primary+"),
      detail(ellipse(0.5, 0.645, w - 0.02, 0.04), "dark"),
    );
    for (const [i, y] of [0.72, 0.8].entries())
      for (const x of steps(0.5 - w + (i % 2 ? 0.04 : 0.1), 0.5 + w, 4))
        parts.push(detail(roundRect(x - 0.06, y - 0.03, 0.11, 0.06, 0.02), "primary-", { clips: [[wall]] }));
    parts.push(shadeRight(wall, "primary-", 0.5 + w - 0.06));
    return parts;
  },
};
