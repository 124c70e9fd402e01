/** Icon shapes of tools and adventuring kit: shovel, fishing rod, wrench, saw, lockpick, rope, bandage, book, map, elixir. */
import { arcBand, circle, ellipse, PathBuilder, rect, regularPolygon, roundRect, star, type Contour } from "../../kit/geometry.js";
import { detail, fill, glint, haft, line, lit, outsideOf, pts, ribbon, curve } from "./kit.js";
import { liquidClip, rotateParts, scaleAbout, type IconShape, type Part } from "../parts.js";

export const shovel: IconShape = {
  primary: "silver",
  secondary: "brown",
  accent: "dark",
  build(rng) {
    const pointed = rng.chance(0.5);
    const bw = rng.range(0.15, 0.19);
    const top = rng.range(0.58, 0.64);
    const blade = pointed
      ? new PathBuilder(0.5 - bw, top)
          .lineTo(0.5 + bw, top)
          .lineTo(0.5 + bw, 0.92)
          .quadTo(0.5 + bw * 0.4, 1.04, 0.5, 1.1)
          .quadTo(0.5 - bw * 0.4, 1.04, 0.5 - bw, 0.92)
          .build()
      : roundRect(0.5 - bw, top, bw * 2, 0.46, 0.04);
    const parts: Part[] = [...haft(0.5, 0.02, 0.5, top + 0.06, 0.04)];
    const handle = rng.int(0, 1);
    if (handle === 0) parts.push({ path: [roundRect(0.38, -0.14, 0.24, 0.16, 0.05)], fill: "secondary", stroke: 0.045 });
    else parts.push(...haft(0.38, -0.06, 0.62, -0.06, 0.04));
    parts.push(fill(blade, "metal"), lit(blade, "metal+", 0.46), fill(roundRect(0.45, top - 0.04, 0.1, 0.12, 0.02), "metal-"));
    return rotateParts(parts, rng.pick([35, 45, -40]));
  },
};

export const rod: IconShape = {
  primary: "brown",
  secondary: "red",
  accent: "white",
  build(rng) {
    const bend = rng.range(0.08, 0.2);
    const pole = curve(0.14, 0.94, 0.42 - bend * 0.3, 0.32 - bend, 0.9, 0.08);
    const parts: Part[] = [fill(ribbon(pole, 0.035), "wood"), fill(ribbon(curve(0.14, 0.94, 0.18, 0.84, 0.22, 0.76, 6), 0.06), "primary")];
    const [tx, ty] = [0.9, 0.08];
    const bobY = rng.range(0.6, 0.74);
    const bobX = rng.range(0.76, 0.86);
    parts.push(line(tx, ty, bobX, bobY - 0.06, 0.01, "light--"));
    parts.push(fill(circle(0.26, 0.76, 0.07), "metal"), detail(circle(0.26, 0.76, 0.025), "metal-"));
    parts.push(line(0.26, 0.76, 0.31, 0.6, 0.01, "light--"));
    const bob = [
      fill(circle(bobX, bobY, 0.065), "light"),
      detail(circle(bobX, bobY, 0.065), "secondary", { clips: [[rect(-1, -1, 3, bobY + 1)]] }),
      line(bobX, bobY - 0.12, bobX, bobY - 0.06, 0.018, "dark"),
    ];
    parts.push(...bob);
    if (rng.chance(0.5))
      parts.push(
        fill(ribbon(curve(bobX - 0.08, bobY + 0.14, bobX + 0.02, bobY + 0.18, bobX + 0.12, bobY + 0.14), 0.025), "light", { opacity: 0.6, outline: false }),
      );
    return rotateParts(parts, rng.range(-8, 8));
  },
};

export const wrench: IconShape = {
  primary: "silver",
  secondary: "red",
  accent: "dark",
  build(rng) {
    const jaw = (cy: number, open: boolean): Part[] => {
      const head = circle(0.5, cy, 0.15);
      const gap = open ? rect(0.44, cy < 0.5 ? cy - 0.2 : cy, 0.12, 0.2) : regularPolygon(0.5, cy, 0.07, 6);
      return [{ path: [head, gap], fill: "metal", rule: "evenodd" }, detail(head, "metal+", { clips: [[rect(-1, -1, 1.46, 3)], outsideOf(gap)] })];
    };
    const both = rng.chance(0.5);
    const parts: Part[] = [fill(roundRect(0.445, 0.12, 0.11, 0.76, 0.04), "metal"), ...jaw(0.1, true), ...(both ? jaw(0.9, false) : [])];
    if (!both) parts.push(fill(roundRect(0.42, 0.58, 0.16, 0.4, 0.06), "secondary"), detail(rect(0.44, 0.6, 0.04, 0.36), "secondary+"));
    parts.push(detail(rect(0.485, 0.24, 0.03, 0.3), "metal-"));
    return rotateParts(parts, rng.pick([40, 45, -45]));
  },
};

export const saw: IconShape = {
  primary: "brown",
  secondary: "silver",
  accent: "dark",
  build(rng) {
    const teeth = rng.int(8, 12);
    const x0 = 0.06;
    const x1 = 0.66;
    const taper = rng.range(0.1, 0.16);
    const edge: number[] = [];
    for (let i = teeth; i >= 0; i--) {
      const x = x0 + ((x1 - x0) * i) / teeth;
      edge.push(x, 0.72, x - (x1 - x0) / teeth / 2, 0.78);
    }
    const blade = pts(x1, 0.38, x0, 0.38 + taper, x0 - 0.01, 0.72, ...edge.slice(0, -2));
    const parts: Part[] = [fill(blade, "metal"), detail(rect(0, 0.38, 1, 0.08), "metal+", { clips: [[blade]] }), detail(circle(0.14, 0.6, 0.025), "metal-")];
    const handle = new PathBuilder(0.62, 0.3)
      .lineTo(0.86, 0.3)
      .quadTo(0.98, 0.3, 0.96, 0.5)
      .lineTo(0.92, 0.8)
      .quadTo(0.9, 0.86, 0.82, 0.84)
      .lineTo(0.62, 0.8)
      .build();
    parts.push(
      { path: [handle, roundRect(0.7, 0.42, 0.14, 0.26, 0.06)], fill: "primary", rule: "evenodd" },
      detail(handle, "primary+", { clips: [[rect(-1, -1, 1.7, 3)], outsideOf(roundRect(0.7, 0.42, 0.14, 0.26, 0.06))] }),
    );
    for (const y of [0.4, 0.7]) parts.push(detail(circle(0.66, y, 0.02), "secondary"));
    return rotateParts(parts, rng.range(-35, 10));
  },
};

export const lockpick: IconShape = {
  primary: "silver",
  secondary: "dark",
  accent: "red",
  build(rng) {
    const parts: Part[] = [];
    const n = rng.int(2, 3);
    for (let i = 0; i < n; i++) {
      const angle = -45 + (i - (n - 1) / 2) * rng.range(18, 26);
      const tipKind = (i + rng.int(0, 2)) % 3;
      const tip: Part =
        tipKind === 0
          ? fill(pts(0.47, -0.02, 0.53, -0.02, 0.53, 0.08, 0.6, 0.08, 0.6, 0.14, 0.47, 0.14), "metal")
          : tipKind === 1
            ? fill(pts(0.47, 0.14, 0.47, 0.02, 0.51, -0.02, 0.56, 0.04, 0.53, 0.08, 0.53, 0.14), "metal")
            : fill(pts(0.47, 0.14, 0.47, 0.04, 0.53, -0.02, 0.58, 0.04, 0.53, 0.1, 0.53, 0.14), "metal");
      const pick = [
        fill(rect(0.475, 0.1, 0.05, 0.58), "metal"),
        tip,
        fill(roundRect(0.445, 0.66, 0.11, 0.32, 0.05), i === 0 ? "accent" : "secondary"),
        detail(rect(0.46, 0.68, 0.025, 0.28), "light", { opacity: 0.3 }),
      ];
      parts.push(...rotateParts(pick, angle + 90));
    }
    if (rng.chance(0.5)) parts.push({ path: [circle(0.78, 0.78, 0.1)], fill: "metal-", stroke: 0.03 });
    return parts;
  },
};

export const rope: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "dark",
  build(rng) {
    const loops = rng.int(3, 4);
    const parts: Part[] = [];
    const rx = rng.range(0.34, 0.4);
    for (let i = loops - 1; i >= 0; i--) {
      const cy = 0.44 + i * 0.05;
      const band = arcBand(0.5, cy, rx - 0.06 - i * 0.015, rx - i * 0.015, 0, Math.PI * 2, 48);
      parts.push(fill(band, i % 2 ? "primary-" : "primary"));
      for (let k = 0; k < 14; k++) {
        const a = (k / 14) * Math.PI * 2;
        const r = rx - 0.03 - i * 0.015;
        parts.push(
          line(
            0.5 + Math.cos(a) * (r - 0.03),
            cy + Math.sin(a) * (r - 0.03),
            0.5 + Math.cos(a + 0.12) * (r + 0.03),
            cy + Math.sin(a + 0.12) * (r + 0.03),
            0.012,
            "secondary",
          ),
        );
      }
    }
    const tail = ribbon(curve(0.5 + rx - 0.04, 0.5, 0.9, 0.8, 0.7, 0.94), 0.06);
    parts.push(fill(tail, "primary"), fill(ellipse(0.7, 0.94, 0.04, 0.05), "primary-"));
    return rotateParts(parts, rng.range(-12, 12));
  },
};

export const bandage: IconShape = {
  primary: "white",
  secondary: "red",
  accent: "beige",
  // "bandage roll": the roll
  reads: ["roll", "rolls", "rolled"],
  build(rng, _hasEmblem, words) {
    const seeded = rng.chance(0.5);
    const roll = words?.has("roll") || words?.has("rolls") || words?.has("rolled") || seeded;
    const parts: Part[] = [];
    if (roll) {
      const strip = ribbon(curve(0.56, 0.72, 0.8, 0.84, 0.96, 0.7), 0.16);
      parts.push(fill(strip, "primary-"), fill(circle(0.42, 0.46, 0.3), "primary"), lit(circle(0.42, 0.46, 0.3), "primary+", 0.34));
      parts.push(fill(circle(0.42, 0.46, 0.09), "accent"), detail(circle(0.42, 0.46, 0.04), "accent-"));
      parts.push(detail(circle(0.42, 0.46, 0.2), "primary--", { stroke: 0.012 }));
    } else {
      const strip = roundRect(0.08, 0.34, 0.84, 0.32, 0.12);
      parts.push(fill(strip, "primary"), lit(strip, "primary+", 0.3), fill(roundRect(0.34, 0.34, 0.32, 0.32, 0.03), "accent"));
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++)
          parts.push(
            detail(circle(0.16 + i * 0.05, 0.42 + j * 0.08, 0.012), "primary--"),
            detail(circle(0.74 + i * 0.05, 0.42 + j * 0.08, 0.012), "primary--"),
          );
    }
    const cx = roll ? 0.42 : 0.5;
    const cy = roll ? 0.46 : 0.5;
    if (!roll || rng.chance(0.5))
      parts.push(fill(rect(cx - 0.025, cy - 0.08, 0.05, 0.16), "secondary"), fill(rect(cx - 0.08, cy - 0.025, 0.16, 0.05), "secondary"));
    return rotateParts(parts, rng.range(-35, 35));
  },
};

export const book: IconShape = {
  primary: "purple",
  secondary: "gold",
  accent: "cyan",
  emblem: { cx: 0.52, cy: 0.48, r: 0.16 },
  build(rng, hasEmblem) {
    const w = rng.range(0.54, 0.62);
    const x0 = 0.5 - w / 2;
    const cover = roundRect(x0, 0.1, w, 0.78, 0.04);
    const parts: Part[] = [
      fill(roundRect(x0 + 0.04, 0.14, w, 0.78, 0.03), "light-"),
      detail(rect(x0 + 0.06, 0.84, w - 0.04, 0.06), "light--"),
      fill(cover, "primary"),
      fill(roundRect(x0, 0.1, 0.09, 0.78, 0.04), "primary-"),
      detail(roundRect(x0 + 0.13, 0.16, w - 0.19, 0.66, 0.03), "secondary", { stroke: 0.018 }),
    ];
    if (rng.chance(0.6)) for (const y of [0.1, 0.74]) parts.push(fill(pts(x0 + w - 0.14, y, x0 + w, y, x0 + w, y + 0.14), "secondary"));
    if (!hasEmblem) {
      const kind = rng.int(0, 2);
      const cx = 0.52;
      const sym: Contour = kind === 0 ? star(cx, 0.48, 0.14, 0.06, 5) : kind === 1 ? circle(cx, 0.48, 0.1) : regularPolygon(cx, 0.48, 0.13, 4);
      parts.push(fill(sym, kind === 1 ? "accent" : "secondary"), detail(circle(cx - 0.03, 0.45, 0.025), "light", { opacity: 0.6 }));
    }
    if (rng.chance(0.5)) parts.push(fill(pts(x0 + w - 0.18, 0.84, x0 + w - 0.1, 0.84, x0 + w - 0.1, 1.0, x0 + w - 0.14, 0.96, x0 + w - 0.18, 1.0), "accent"));
    if (rng.chance(0.4)) parts.push(fill(roundRect(x0 + w - 0.06, 0.42, 0.12, 0.14, 0.03), "secondary"));
    return rotateParts(parts, rng.range(-14, 14));
  },
};

export const map: IconShape = {
  primary: "beige",
  secondary: "red",
  accent: "brown",
  build(rng) {
    const folds = rng.int(3, 4);
    const parts: Part[] = [];
    const w = 0.84 / folds;
    for (let i = 0; i < folds; i++) {
      const x = 0.08 + i * w;
      const up = i % 2 === 0;
      const panel = pts(x, up ? 0.16 : 0.22, x + w, up ? 0.22 : 0.16, x + w, up ? 0.88 : 0.82, x, up ? 0.82 : 0.88);
      parts.push(fill(panel, up ? "primary" : "primary-"));
    }
    const route: number[] = [];
    let y = rng.range(0.4, 0.7);
    for (let i = 0; i <= 6; i++) {
      route.push(0.16 + i * 0.1, y);
      y = Math.min(0.74, Math.max(0.32, y + rng.range(-0.12, 0.12)));
    }
    const path = pts(...route);
    for (let i = 0; i < 6; i += 1) {
      const [ax, ay] = path[i] ?? [0, 0];
      const [bx, by] = path[i + 1] ?? [0, 0];
      parts.push(line(ax, ay, (ax + bx) / 2, (ay + by) / 2, 0.02, "accent"));
    }
    const [ex, ey] = path[6] ?? [0.76, 0.5];
    parts.push(line(ex - 0.06, ey - 0.06, ex + 0.06, ey + 0.06, 0.035, "secondary"), line(ex - 0.06, ey + 0.06, ex + 0.06, ey - 0.06, 0.035, "secondary"));
    if (rng.chance(0.6)) parts.push(detail(star(0.24, 0.3, 0.07, 0.02, 4), "accent"));
    return rotateParts(parts, rng.range(-10, 10));
  },
};

export const elixir: IconShape = {
  primary: "magenta",
  secondary: "gold",
  accent: "white",
  build(rng) {
    const kind = rng.int(0, 2);
    const body: Contour =
      kind === 0
        ? new PathBuilder(0.44, 0.34).lineTo(0.56, 0.34).quadTo(0.8, 0.5, 0.68, 0.92).lineTo(0.32, 0.92).quadTo(0.2, 0.5, 0.44, 0.34).build()
        : kind === 1
          ? regularPolygon(0.5, 0.64, 0.3, 6, 0)
          : new PathBuilder(0.45, 0.3).lineTo(0.55, 0.3).lineTo(0.62, 0.56).quadTo(0.76, 0.92, 0.5, 0.94).quadTo(0.24, 0.92, 0.38, 0.56).build();
    const level = rng.range(0.42, 0.52);
    const surface = liquidClip(level, 0.01, rng.range(0, 6));
    const liquid = scaleAbout(body, 0.82, 0.5, 0.66);
    const parts: Part[] = [
      fill(rect(0.43, 0.16, 0.14, 0.22), "glass"),
      fill(body, "glass"),
      detail(liquid, "primary", { clips: [surface] }),
      detail(liquid, "primary-", { clips: [surface, [rect(0.52, -1, 2, 3)]] }),
      fill(roundRect(0.4, 0.3, 0.2, 0.06, 0.02), "secondary"),
      fill(roundRect(0.42, 0.04, 0.16, 0.14, 0.03), "secondary"),
      fill(circle(0.5, 0.04, 0.05), "secondary+"),
    ];
    for (let i = 0; i < 3; i++)
      parts.push(
        detail(star(rng.range(0.38, 0.62), rng.range(level + 0.06, 0.84), rng.range(0.03, 0.05), 0.012, 4), "light", { opacity: 0.8, clips: [[liquid]] }),
      );
    parts.push(glint(0.36, 0.52, 0.36, 0.76, 0.03, 0.7));
    if (rng.chance(0.5)) parts.push(fill(roundRect(0.34, 0.66, 0.32, 0.12, 0.02), "secondary", { opacity: 0.9 }));
    return rotateParts(parts, rng.range(-10, 10));
  },
};
