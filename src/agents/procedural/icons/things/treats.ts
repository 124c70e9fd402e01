/** Icon shapes of food and drink: mug, donut, ice cream, candy, pizza, burger, berries and fruit, wheat. */
import { circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

export const mug: IconShape = {
  primary: "amber",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const w = rng.range(0.24, 0.28);
    const top = rng.range(0.26, 0.32);
    const body = roundRect(0.42 - w, top, w * 2, 0.9 - top, 0.05);
    const parts: Part[] = [
      bar(
        new PathBuilder(0.42 + w - 0.02, top + 0.12)
          .quadTo(0.42 + w + 0.22, top + 0.14, 0.42 + w + 0.16, top + 0.38)
          .quadTo(0.42 + w + 0.12, 0.76, 0.42 + w - 0.02, 0.74)
          .build(),
        "secondary",
        0.06,
      ),
    ];
    parts.push(
      solid(body, "secondary"),
      detail(roundRect(0.42 - w + 0.05, top + 0.06, w * 2 - 0.1, 0.76 - top, 0.03), "primary"),
      shadeRight(body, "secondary-", 0.42 + w - 0.08),
    );
    for (const y of [top + 0.08, 0.82]) parts.push(detail(rect(0.42 - w, y, w * 2, 0.04), "secondary-"));
    const foam = rng.chance(0.7);
    if (foam)
      parts.push(
        solid(
          [
            ellipse(0.42, top, w + 0.03, 0.07),
            circle(0.42 - w * 0.5, top - 0.03, 0.07),
            circle(0.42 + w * 0.3, top - 0.05, 0.08),
            circle(0.42 - w, top + 0.06, 0.05),
          ],
          "accent",
        ),
        detail(circle(0.42 - w * 0.3, top - 0.06, 0.025), "light"),
      );
    parts.push(shine(0.42 - w + 0.09, 0.56, 0.015, 0.1, 0, 0.6));
    return parts;
  },
};

export const donut: IconShape = {
  primary: "pink",
  secondary: "tan",
  accent: "white",
  build(rng) {
    const r = rng.range(0.4, 0.44);
    const hole = rng.range(0.12, 0.15);
    const dough = [circle(0.5, 0.52, r), circle(0.5, 0.5, hole)];
    const icingPts: number[] = [];
    for (let i = 0; i < 40; i++) {
      const a = (i / 40) * Math.PI * 2;
      const rr = r * (0.86 + (i % 5 === 0 ? 0.1 * Math.sin(i) : 0.02));
      icingPts.push(0.5 + Math.cos(a) * rr, 0.48 + Math.sin(a) * rr * 0.95);
    }
    const parts: Part[] = [
      solid(dough, "secondary", { rule: "evenodd" }),
      detail([poly(...icingPts), circle(0.5, 0.49, hole + 0.05)], "primary", { rule: "evenodd" }),
    ];
    parts.push(detail([circle(0.5, 0.5, hole + 0.02), circle(0.5, 0.5, hole)], "primary-", { rule: "evenodd" }));
    const colors = ["accent", "secondary+", "primary--", "light"] as const;
    for (let i = 0; i < rng.int(8, 12); i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(hole + 0.08, r * 0.78);
      const [x, y] = [0.5 + Math.cos(a) * d, 0.48 + Math.sin(a) * d];
      const t = rng.range(0, Math.PI);
      parts.push(
        line(poly(x - Math.cos(t) * 0.025, y - Math.sin(t) * 0.025, x + Math.cos(t) * 0.025, y + Math.sin(t) * 0.025), colors[i % 4] ?? "accent", 0.018),
      );
    }
    parts.push(shine(0.3, 0.3, 0.06, 0.025, -40, 0.6));
    return parts;
  },
};

export const iceCream: IconShape = {
  primary: "pink",
  secondary: "tan",
  accent: "red",
  build(rng) {
    const scoops = rng.int(1, 3);
    const cone = poly(0.3, 0.5, 0.7, 0.5, 0.5, 0.96);
    const parts: Part[] = [solid(cone, "secondary"), shadeRight(cone, "secondary-", 0.54)];
    for (const t of steps(0.36, 0.64, 4))
      parts.push(
        line(poly(t - 0.1, 0.5, t + 0.12, 0.84), "secondary-", 0.012, { clips: [[cone]] }),
        line(poly(t + 0.1, 0.5, t - 0.12, 0.84), "secondary-", 0.012, { clips: [[cone]] }),
      );
    const fills = ["primary", "light-", "primary+"] as const;
    for (let i = 0; i < scoops; i++) {
      const y = 0.44 - i * 0.17;
      const r = 0.2 - i * 0.015;
      const scoop = [circle(0.5, y, r), ellipse(0.5, y + r * 0.55, r + 0.03, r * 0.4)];
      parts.push(
        solid(scoop, fills[i] ?? "primary"),
        detail(scoop, "primary-", { clips: [[rect(0, y + r * 0.4, 1, 1)]], opacity: 0.4 }),
        shine(0.44, y - r * 0.4, 0.04, 0.02, -30, 0.6),
      );
    }
    if (rng.chance(0.6))
      parts.push(
        bar(poly(0.5, 0.44 - (scoops - 1) * 0.17 - 0.18, 0.54, 0.44 - (scoops - 1) * 0.17 - 0.26), "secondary--", 0.015),
        solid(circle(0.5, 0.44 - (scoops - 1) * 0.17 - 0.2, 0.045), "accent"),
      );
    return parts;
  },
};

export const candy: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "pink",
  build(rng) {
    const lollipop = rng.chance(0.5);
    const parts: Part[] = [];
    if (lollipop) {
      parts.push(bar(poly(0.5, 0.5, 0.5, 0.96), "secondary", 0.05));
      const disc = circle(0.5, 0.36, 0.3);
      parts.push(solid(disc, "primary"));
      const pts: number[] = [];
      for (let i = 0; i < 60; i++) {
        const a = i * 0.32;
        const d = (i / 60) * 0.27;
        pts.push(0.5 + Math.cos(a) * d, 0.36 + Math.sin(a) * d);
      }
      parts.push(line(poly(...pts), "secondary", 0.035), shine(0.38, 0.24, 0.05, 0.025, -40, 0.7));
    } else {
      const body = ellipse(0.5, 0.5, 0.22, 0.17);
      parts.push(solid(poly(0.3, 0.5, 0.08, 0.34, 0.12, 0.5, 0.08, 0.66), "accent"), solid(poly(0.7, 0.5, 0.92, 0.34, 0.88, 0.5, 0.92, 0.66), "accent"));
      parts.push(solid(body, "primary"));
      for (const x of steps(0.36, 0.64, 3)) parts.push(line(poly(x - 0.04, 0.36, x + 0.06, 0.64), "secondary", 0.03, { clips: [[body]] }));
      parts.push(shine(0.42, 0.42, 0.05, 0.02, -20, 0.7));
    }
    return rotateParts(parts, rng.range(-25, 25));
  },
};

export const pizza: IconShape = {
  primary: "yellow",
  secondary: "red",
  accent: "tan",
  build(rng) {
    const spread = rng.range(0.34, 0.4);
    const slice = poly(0.5, 0.94, 0.5 - spread, 0.2, 0.5 + spread, 0.2);
    const parts: Part[] = [
      solid(slice, "primary"),
      solid(
        new PathBuilder(0.5 - spread - 0.04, 0.22)
          .quadTo(0.5, 0.08, 0.5 + spread + 0.04, 0.22)
          .lineTo(0.5 + spread + 0.02, 0.28)
          .quadTo(0.5, 0.18, 0.5 - spread - 0.02, 0.28)
          .build(),
        "accent",
      ),
    ];
    for (let i = 0; i < rng.int(4, 6); i++) {
      const y = rng.range(0.34, 0.7);
      const half = (spread * (0.94 - y)) / 0.74 - 0.06;
      parts.push(
        detail(circle(0.5 + rng.range(-half, half), y, 0.05), "secondary"),
        detail(circle(0.5 + rng.range(-half, half) * 0.5, y + 0.02, 0.015), "secondary+"),
      );
    }
    parts.push(detail(poly(0.52, 0.7, 0.56, 0.7, 0.56, 0.82, 0.54, 0.86, 0.52, 0.8), "primary"));
    return rotateParts(parts, rng.range(-20, 20));
  },
};

export const burger: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "green",
  build(rng) {
    const w = rng.range(0.38, 0.42);
    const parts: Part[] = [solid(roundRect(0.5 - w, 0.7, w * 2, 0.16, 0.07), "primary")];
    parts.push(solid(roundRect(0.5 - w - 0.02, 0.56, w * 2 + 0.04, 0.14, 0.06), "secondary"));
    if (rng.chance(0.7)) parts.push(solid(poly(0.5 - w, 0.56, 0.5 + w, 0.56, 0.5 + w - 0.04, 0.64, 0.4, 0.6, 0.36, 0.68, 0.3, 0.6), "primary++"));
    const lettuce: number[] = [];
    for (let i = 0; i <= 12; i++) lettuce.push(0.5 - w - 0.04 + (i / 12) * (w * 2 + 0.08), 0.56 + (i % 2 ? 0.04 : -0.01));
    parts.push(solid(poly(...lettuce, 0.5 + w + 0.04, 0.5, 0.5 - w - 0.04, 0.5), "accent"));
    if (rng.chance(0.6)) parts.push(solid(roundRect(0.5 - w + 0.02, 0.46, w * 2 - 0.04, 0.06, 0.03), "secondary+"));
    const bun = new PathBuilder(0.5 - w, 0.5).cubicTo(0.5 - w, 0.14, 0.5 + w, 0.14, 0.5 + w, 0.5).build();
    parts.push(solid(bun, "primary"), rimShade(bun, "primary-", -0.04, -0.05));
    for (let i = 0; i < rng.int(4, 7); i++)
      parts.push(detail(ellipse(rng.range(0.5 - w * 0.6, 0.5 + w * 0.6), rng.range(0.26, 0.4), 0.018, 0.01, rng.range(-1, 1)), "light"));
    return parts;
  },
};
