/** Icon shapes of worn things: cloak, belt, ring, amulet. Cloth and leather `primary`, metal fittings `secondary`, gems `accent`. */
import { arcBand, circle, ellipse, PathBuilder, rect, regularPolygon, roundRect, type Contour } from "../../kit/geometry.js";
import { deg, detail, fill, line, lit, outsideOf, pts, ribbon, curve } from "./kit.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";

/** A faceted gem at (cx, cy): round, square or marquise cut. */
export function gemParts(rng: Random, cx: number, cy: number, r: number): Part[] {
  const cut = rng.int(0, 2);
  const outer: Contour = cut === 0 ? circle(cx, cy, r) : cut === 1 ? regularPolygon(cx, cy, r * 1.15, 4, 0) : ellipse(cx, cy, r * 0.7, r * 1.2);
  const table: Contour =
    cut === 0 ? regularPolygon(cx, cy, r * 0.55, 8) : cut === 1 ? regularPolygon(cx, cy, r * 0.6, 4, 0) : ellipse(cx, cy, r * 0.35, r * 0.7);
  return [
    fill(outer, "accent"),
    detail(outer, "accent-", { clips: [outsideOf(circle(cx - r * 0.25, cy - r * 0.25, r * 1.05))] }),
    detail(table, "accent+"),
    detail(circle(cx - r * 0.3, cy - r * 0.35, r * 0.22), "light", { opacity: 0.85 }),
  ];
}

export const cloak: IconShape = {
  primary: "red",
  secondary: "gold",
  accent: "dark",
  build(rng) {
    const hood = rng.chance(0.5);
    const hem = rng.range(0.88, 0.96);
    const flare = rng.range(0.36, 0.44);
    const tattered = rng.chance(0.35);
    const b = new PathBuilder(0.4, 0.2).quadTo(0.3, 0.5, 0.5 - flare, hem);
    if (tattered) {
      const n = 6;
      for (let i = 1; i <= n; i++) {
        const x = 0.5 - flare + (2 * flare * i) / n;
        b.lineTo(x - flare / n, hem - (i % 2 ? 0.08 : 0.02)).lineTo(x, hem);
      }
    } else b.quadTo(0.5, hem + 0.06, 0.5 + flare, hem);
    const body = b.quadTo(0.7, 0.5, 0.6, 0.2).build();
    const parts: Part[] = [fill(body, "primary"), lit(body, "primary+", 0.38), detail(body, "primary-", { clips: [[rect(0.62, -1, 2, 3)]] })];
    const inner = new PathBuilder(0.44, 0.26)
      .quadTo(0.4, 0.6, 0.34, hem - 0.04)
      .lineTo(0.66, hem - 0.04)
      .quadTo(0.6, 0.6, 0.56, 0.26)
      .build();
    parts.push(detail(inner, "accent", { opacity: 0.55, clips: [[body]] }));
    for (const x of [0.32, 0.68])
      parts.push(detail(ribbon(curve(0.5 + (x - 0.5) * 0.3, 0.3, x, 0.6, 0.5 + (x - 0.5) * 1.4, hem - 0.05), 0.015), "primary--", { clips: [[body]] }));
    if (hood) {
      const h = new PathBuilder(0.3, 0.3).quadTo(0.28, 0.02, 0.5, 0.02).quadTo(0.72, 0.02, 0.7, 0.3).quadTo(0.5, 0.36, 0.3, 0.3).build();
      parts.push(fill(h, "primary"), lit(h, "primary+", 0.42), fill(ellipse(0.5, 0.22, 0.12, 0.1), "dark"));
    } else {
      parts.push(fill(new PathBuilder(0.3, 0.22).quadTo(0.5, 0.06, 0.7, 0.22).lineTo(0.6, 0.3).quadTo(0.5, 0.24, 0.4, 0.3).build(), "primary-"));
    }
    parts.push(fill(circle(0.5, 0.3, 0.055), "secondary"), detail(circle(0.49, 0.29, 0.022), "secondary++"));
    return rotateParts(parts, rng.range(-6, 6));
  },
};

export const belt: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "dark",
  build(rng) {
    const sag = rng.range(0.04, 0.12);
    const strap = ribbon(curve(0.02, 0.42, 0.5, 0.42 + sag * 2, 0.98, 0.42, 24), 0.16);
    const parts: Part[] = [fill(strap, "primary"), detail(ribbon(curve(0.02, 0.37, 0.5, 0.37 + sag * 2, 0.98, 0.37, 24), 0.03), "primary+")];
    for (let i = 0; i < 4; i++) {
      const x = 0.68 + i * 0.07;
      const y = 0.42 + sag * 2 * (1 - ((x - 0.5) / 0.5) ** 2) * 0.5;
      parts.push(detail(circle(x, y, 0.018), "accent"));
    }
    const cy = 0.42 + sag;
    const round = rng.chance(0.4);
    const buckle = round ? ellipse(0.42, cy, 0.14, 0.15) : roundRect(0.28, cy - 0.15, 0.28, 0.3, 0.04);
    const hole = round ? ellipse(0.42, cy, 0.08, 0.09) : roundRect(0.34, cy - 0.09, 0.16, 0.18, 0.02);
    parts.push(
      { path: [buckle, hole], fill: "secondary", rule: "evenodd" },
      detail(buckle, "secondary+", { clips: [[rect(-1, -1, 1.4, cy + 1)], outsideOf(hole)] }),
    );
    parts.push(line(0.42, cy - 0.08, 0.42, cy + 0.08, 0.03, "secondary-"));
    if (rng.chance(0.5)) {
      const pouch = roundRect(0.62, cy + 0.08, 0.22, 0.24, 0.05);
      parts.push(
        fill(pouch, "primary-"),
        fill(
          new PathBuilder(0.62, cy + 0.1)
            .lineTo(0.84, cy + 0.1)
            .lineTo(0.84, cy + 0.16)
            .quadTo(0.73, cy + 0.24, 0.62, cy + 0.16)
            .build(),
          "primary",
        ),
        fill(circle(0.73, cy + 0.19, 0.02), "secondary"),
      );
    }
    return rotateParts(parts, rng.range(-14, 14));
  },
};

export const ring: IconShape = {
  primary: "gold",
  secondary: "gold",
  accent: "red",
  build(rng) {
    const thick = rng.range(0.06, 0.1);
    const rx = rng.range(0.28, 0.32);
    const cy = 0.6;
    const band: Contour[] = [ellipse(0.5, cy, rx, rx * 0.92), ellipse(0.5, cy + 0.01, rx - thick, rx * 0.92 - thick)];
    const parts: Part[] = [
      { path: band, fill: "primary", rule: "evenodd" },
      { path: [arcBand(0.5, cy, rx - thick * 0.7, rx - thick * 0.2, deg(140), deg(230))], fill: "primary+", outline: false },
      { path: [arcBand(0.5, cy, rx - thick * 0.7, rx - thick * 0.2, deg(-40), deg(60))], fill: "primary-", outline: false },
    ];
    const gr = rng.range(0.1, 0.14);
    const gy = cy - rx * 0.92 - gr * 0.3;
    parts.push(
      fill(pts(0.5 - gr * 1.3, gy + gr * 0.6, 0.5 + gr * 1.3, gy + gr * 0.6, 0.5 + gr * 0.8, gy + gr * 1.6, 0.5 - gr * 0.8, gy + gr * 1.6), "secondary"),
    );
    if (rng.chance(0.5)) for (const s of [-1, 1]) parts.push(fill(circle(0.5 + s * gr * 1.05, gy + gr * 0.15, 0.022), "secondary"));
    parts.push(...gemParts(rng, 0.5, gy, gr));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const amulet: IconShape = {
  primary: "gold",
  secondary: "gold",
  accent: "emerald",
  emblem: { cx: 0.5, cy: 0.66, r: 0.12 },
  build(rng, hasEmblem) {
    const depth = rng.range(0.42, 0.5);
    const parts: Part[] = [];
    const chain = curve(0.12, 0.04, 0.5, depth * 2 - 0.1, 0.88, 0.04, 22);
    const beads = rng.chance(0.5);
    chain.forEach(([x, y], i) => {
      if (beads) parts.push(fill(circle(x, y, 0.022), "secondary"));
      else parts.push({ path: [ellipse(x, y, i % 2 ? 0.03 : 0.018, i % 2 ? 0.018 : 0.03)], fill: "secondary", stroke: 0.014 });
    });
    const cy = 0.66;
    const kind = rng.int(0, 2);
    const frame: Contour =
      kind === 0
        ? circle(0.5, cy, 0.2)
        : kind === 1
          ? new PathBuilder(0.5, cy - 0.22)
              .quadTo(0.74, cy, 0.5, cy + 0.26)
              .quadTo(0.26, cy, 0.5, cy - 0.22)
              .build()
          : regularPolygon(0.5, cy, 0.22, 6);
    parts.push(fill(roundRect(0.46, cy - 0.3, 0.08, 0.1, 0.03), "primary"), fill(frame, "primary"), lit(frame, "primary+", 0.44));
    parts.push(
      detail(
        frame.map(([x, y]) => [0.5 + (x - 0.5) * 0.78, cy + (y - cy) * 0.78] as const),
        "primary-",
      ),
    );
    if (!hasEmblem) parts.push(...gemParts(rng, 0.5, cy, 0.1));
    return parts;
  },
};
