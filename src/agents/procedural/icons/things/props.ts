/** Icon shapes of props and furniture: containers, furniture, doors and windows. */
import { circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import type { IconShape, Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

export const barrel: IconShape = {
  primary: "brown",
  secondary: "metal",
  accent: "white",
  build(rng) {
    const w = rng.range(0.27, 0.33);
    const bulge = rng.range(0.06, 0.11);
    const [top, bottom] = [rng.range(0.08, 0.14), rng.range(0.88, 0.93)];
    const body = new PathBuilder(0.5 - w, top)
      .lineTo(0.5 + w, top)
      .quadTo(0.5 + w + bulge * 2, 0.5, 0.5 + w, bottom)
      .lineTo(0.5 - w, bottom)
      .quadTo(0.5 - w - bulge * 2, 0.5, 0.5 - w, top)
      .build();
    const parts: Part[] = [solid(body, "primary"), shadeRight(body, "primary-", 0.62)];
    for (const x of steps(-0.66, 0.66, rng.int(4, 6))) {
      parts.push(line(new PathBuilder(0.5 + x * w, top).quadTo(0.5 + x * (w + bulge * 2), 0.5, 0.5 + x * w, bottom).build(), "primary--", 0.014));
    }
    const hoops = rng.chance(0.5) ? [0.24, 0.76] : [0.2, 0.5, 0.8];
    for (const t of hoops) {
      const y = top + (bottom - top) * t;
      parts.push(detail(rect(0, y - 0.03, 1, 0.06), "secondary", { clips: [[body]] }));
      parts.push(detail(rect(0, y - 0.03, 1, 0.018), "secondary+", { clips: [[body]] }));
    }
    parts.push(solid(ellipse(0.5, top, w, 0.05), "primary+"), detail(ellipse(0.5, top, w * 0.8, 0.034), "primary"));
    if (rng.chance(0.4)) parts.push(detail(circle(0.5, 0.5, 0.04), "primary--"));
    return parts;
  },
};

export const crate: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "metal",
  build(rng) {
    const s = rng.range(0.36, 0.4);
    const [x0, y0, x1, y1] = [0.5 - s, 0.5 - s, 0.5 + s, 0.5 + s];
    const box = rect(x0, y0, s * 2, s * 2);
    const t = 0.085;
    const parts: Part[] = [solid(box, "primary")];
    for (const y of steps(y0 + t, y1 - t, rng.int(3, 5)).slice(1, -1)) parts.push(line(poly(x0, y, x1, y), "primary-", 0.012));
    const rising = rng.chance(0.5);
    const brace = rising
      ? poly(x0 + t, y1 - t * 1.6, x1 - t * 1.6, y0 + t, x1 - t, y0 + t * 1.6, x0 + t * 1.6, y1 - t)
      : poly(x0 + t, y0 + t * 1.6, x0 + t * 1.6, y0 + t, x1 - t, y1 - t * 1.6, x1 - t * 1.6, y1 - t);
    parts.push(detail(brace, "secondary"));
    if (rng.chance(0.4))
      parts.push(
        detail(
          rising ? poly(x0 + t, y0 + t * 1.6, x0 + t * 1.6, y0 + t, x1 - t, y1 - t * 1.6, x1 - t * 1.6, y1 - t) : brace.map(([x, y]) => [1 - x, y] as const),
          "secondary-",
        ),
      );
    parts.push(detail([box, rect(x0 + t, y0 + t, s * 2 - t * 2, s * 2 - t * 2)], "secondary", { rule: "evenodd" }));
    parts.push(detail(rect(x0, y0, s * 2, t * 0.45), "secondary+"));
    for (const [x, y] of [
      [x0 + t / 2, y0 + t / 2],
      [x1 - t / 2, y0 + t / 2],
      [x0 + t / 2, y1 - t / 2],
      [x1 - t / 2, y1 - t / 2],
    ] as const)
      parts.push(detail(circle(x, y, 0.018), "accent"));
    return parts;
  },
};

export const chest: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "red",
  build(rng) {
    const [x0, x1] = [rng.range(0.08, 0.13), 0];
    const right = 1 - x0 + x1;
    const lidTop = rng.range(0.14, 0.22);
    const seam = rng.range(0.44, 0.5);
    const arched = rng.chance(0.6);
    const lid = arched
      ? new PathBuilder(x0, seam)
          .lineTo(x0, lidTop + 0.1)
          .quadTo(x0, lidTop, x0 + 0.12, lidTop)
          .lineTo(right - 0.12, lidTop)
          .quadTo(right, lidTop, right, lidTop + 0.1)
          .lineTo(right, seam)
          .build()
      : rect(x0, lidTop + 0.06, right - x0, seam - lidTop - 0.06);
    const body = rect(x0, seam, right - x0, 0.88 - seam);
    const parts: Part[] = [solid(body, "primary"), solid(lid, "primary+"), shadeRight(body, "primary-", 0.66)];
    parts.push(line(poly(x0, seam + 0.17, right, seam + 0.17), "primary--", 0.012));
    const bands = rng.chance(0.5) ? [x0 + 0.1, right - 0.1] : [x0 + 0.06, 0.5, right - 0.06];
    for (const x of bands) {
      if (Math.abs(x - 0.5) < 0.01) continue;
      parts.push(detail(rect(x - 0.035, 0, 0.07, 1), "secondary", { clips: [[body, lid]] }));
    }
    parts.push(detail(rect(x0, seam - 0.025, right - x0, 0.05), "secondary-"));
    parts.push(solid(roundRect(0.42, seam - 0.06, 0.16, 0.17, 0.03), "secondary"));
    parts.push(detail(circle(0.5, seam + 0.01, 0.025), "dark"), detail(rect(0.49, seam + 0.01, 0.02, 0.05), "dark"));
    if (rng.chance(0.5)) parts.push(detail(circle(0.5, lidTop + 0.1, 0.04), "accent"));
    return parts;
  },
};

export const chair: IconShape = {
  primary: "brown",
  secondary: "red",
  accent: "white",
  build(rng) {
    const backTop = rng.range(0.04, 0.14);
    const seatY = rng.range(0.5, 0.56);
    const w = rng.range(0.24, 0.3);
    const slats = rng.int(0, 3);
    const parts: Part[] = [];
    for (const x of [0.5 - w + 0.04, 0.5 + w - 0.04]) parts.push(bar(poly(x, seatY + 0.05, x, 0.94), "primary-", 0.055));
    for (const x of [0.5 - w - 0.04, 0.5 + w + 0.04]) parts.push(bar(poly(x, seatY + 0.1, x, 0.96), "primary", 0.06));
    const back = roundRect(0.5 - w, backTop, w * 2, seatY - backTop + 0.04, 0.05);
    if (slats === 0) {
      parts.push(solid(back, "primary"), detail(roundRect(0.5 - w + 0.06, backTop + 0.06, w * 2 - 0.12, seatY - backTop - 0.1, 0.04), "secondary"));
    } else {
      for (const x of [0.5 - w + 0.03, 0.5 + w - 0.03]) parts.push(bar(poly(x, backTop + 0.02, x, seatY + 0.04), "primary", 0.06));
      parts.push(solid(roundRect(0.5 - w, backTop, w * 2, 0.09, 0.04), "primary"));
      for (const x of steps(0.5 - w + 0.1, 0.5 + w - 0.1, slats + 1).slice(slats === 1 ? 1 : 0, slats === 1 ? 2 : undefined)) {
        parts.push(bar(poly(x, backTop + 0.08, x, seatY), "primary", 0.045));
      }
    }
    const seat = poly(0.5 - w - 0.08, seatY + 0.12, 0.5 - w + 0.02, seatY, 0.5 + w - 0.02, seatY, 0.5 + w + 0.08, seatY + 0.12);
    parts.push(solid(seat, "secondary"), solid(rect(0.5 - w - 0.08, seatY + 0.12, w * 2 + 0.16, 0.05), "primary-"));
    return parts;
  },
};

export const table: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "white",
  build(rng) {
    const round = rng.chance(0.35);
    const topY = rng.range(0.3, 0.4);
    const w = rng.range(0.38, 0.44);
    const parts: Part[] = [];
    if (round) {
      parts.push(bar(poly(0.5, topY, 0.5, 0.86), "primary-", 0.09), solid(ellipse(0.5, 0.88, 0.22, 0.06), "primary-"));
      parts.push(solid(ellipse(0.5, topY + 0.04, w, 0.13), "primary-"), solid(ellipse(0.5, topY, w, 0.13), "primary"));
      parts.push(detail(ellipse(0.5, topY, w * 0.72, 0.085), "primary+", { opacity: 0.5 }));
    } else {
      for (const x of [0.5 - w + 0.12, 0.5 + w - 0.12]) parts.push(bar(poly(x, topY, x, 0.8), "primary--", 0.05));
      for (const x of [0.5 - w + 0.04, 0.5 + w - 0.04]) parts.push(bar(poly(x, topY + 0.1, x, 0.94), "primary-", 0.065));
      parts.push(solid(poly(0.5 - w + 0.1, topY - 0.1, 0.5 + w - 0.1, topY - 0.1, 0.5 + w, topY + 0.04, 0.5 - w, topY + 0.04), "primary"));
      parts.push(solid(rect(0.5 - w, topY + 0.04, w * 2, 0.07), "primary-"));
      for (const y of [topY - 0.05, topY - 0.01]) parts.push(line(poly(0.5 - w + 0.1, y, 0.5 + w - 0.1, y), "primary+", 0.01));
    }
    if (rng.chance(0.5))
      parts.push(solid(roundRect(0.42, topY - (round ? 0.16 : 0.22), 0.12, 0.14, 0.03), "secondary"), shine(0.45, topY - 0.12, 0.015, 0.04, 0));
    return parts;
  },
};

export const bed: IconShape = {
  primary: "red",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const head = rng.range(0.14, 0.26);
    const roundHead = rng.chance(0.5);
    const mattress = rng.range(0.5, 0.56);
    const parts: Part[] = [
      solid(
        roundHead
          ? new PathBuilder(0.06, 0.9)
              .lineTo(0.06, head + 0.1)
              .quadTo(0.06, head, 0.15, head)
              .quadTo(0.24, head, 0.24, head + 0.1)
              .lineTo(0.24, 0.9)
              .build()
          : rect(0.06, head, 0.16, 0.8 - head),
        "secondary",
      ),
      solid(rect(0.8, mattress - 0.06, 0.14, 0.4), "secondary"),
      solid(rect(0.2, mattress, 0.62, 0.2), "light-"),
      solid(roundRect(0.22, mattress - 0.12, 0.22, 0.14, 0.06), "light"),
      solid(
        new PathBuilder(0.38, mattress - 0.03)
          .lineTo(0.84, mattress - 0.03)
          .lineTo(0.86, mattress + 0.22)
          .lineTo(0.38, mattress + 0.22)
          .quadTo(0.34, mattress + 0.1, 0.38, mattress - 0.03)
          .build(),
        "primary",
      ),
      detail(rect(0.38, mattress + 0.13, 0.5, 0.09), "primary-"),
      solid(rect(0.06, 0.84, 0.88, 0.06), "secondary-"),
    ];
    if (rng.chance(0.5)) for (const x of steps(0.48, 0.78, 3)) parts.push(line(poly(x, mattress - 0.03, x, mattress + 0.13), "primary+", 0.03));
    return parts;
  },
};

export const door: IconShape = {
  primary: "brown",
  secondary: "metal",
  accent: "grey",
  build(rng) {
    const w = rng.range(0.26, 0.31);
    const arched = rng.chance(0.65);
    const top = 0.08;
    const outline = (inset: number) =>
      arched
        ? new PathBuilder(0.5 - w + inset, 0.94)
            .lineTo(0.5 - w + inset, top + w)
            .quadTo(0.5 - w + inset, top + inset, 0.5, top + inset)
            .quadTo(0.5 + w - inset, top + inset, 0.5 + w - inset, top + w)
            .lineTo(0.5 + w - inset, 0.94)
            .build()
        : rect(0.5 - w + inset, top + inset, (w - inset) * 2, 0.86 - inset);
    const frame = outline(-0.06);
    const leaf = outline(0);
    const parts: Part[] = [
      solid(frame, "accent"),
      detail(frame, "accent-", { clips: [[rect(0.5, 0, 1, 1)]] }),
      solid(leaf, "primary"),
      shadeRight(leaf, "primary-", 0.5 + w * 0.4),
    ];
    for (const x of steps(0.5 - w, 0.5 + w, rng.int(4, 6)).slice(1, -1)) parts.push(line(poly(x, 0, x, 1), "primary--", 0.014, { clips: [[leaf]] }));
    for (const y of rng.chance(0.5) ? [0.32, 0.74] : [0.28, 0.52, 0.78]) parts.push(detail(rect(0.5 - w, y, w * 1.3, 0.05), "secondary", { clips: [[leaf]] }));
    const ring = rng.chance(0.5);
    parts.push(ring ? detail(circle(0.5 + w * 0.62, 0.58, 0.045), "secondary", { stroke: 0.018 }) : detail(circle(0.5 + w * 0.62, 0.56, 0.03), "secondary+"));
    if (rng.chance(0.4)) parts.push(detail(roundRect(0.45, 0.24, 0.1, 0.06, 0.02), "dark"));
    return parts;
  },
};

export const window: IconShape = {
  primary: "brown",
  secondary: "glass",
  accent: "sky",
  build(rng) {
    const w = rng.range(0.26, 0.32);
    const arched = rng.chance(0.5);
    const shutters = rng.chance(0.45);
    const top = arched ? 0.1 : 0.16;
    const pane = (inset: number) =>
      arched
        ? new PathBuilder(0.5 - w + inset, 0.8)
            .lineTo(0.5 - w + inset, top + w)
            .quadTo(0.5 - w + inset, top + inset, 0.5, top + inset)
            .quadTo(0.5 + w - inset, top + inset, 0.5 + w - inset, top + w)
            .lineTo(0.5 + w - inset, 0.8)
            .build()
        : rect(0.5 - w + inset, top + inset, (w - inset) * 2, 0.64 - inset);
    const parts: Part[] = [];
    if (shutters)
      for (const dir of [-1, 1])
        parts.push(
          solid(rect(dir < 0 ? 0.5 - w - 0.2 : 0.5 + w + 0.02, top + 0.08, 0.18, 0.68 - top), "primary-"),
          line(poly(0.5 + dir * (w + 0.11), top + 0.14, 0.5 + dir * (w + 0.11), 0.7), "primary--", 0.012),
        );
    const glass = pane(0.05);
    parts.push(
      solid(pane(-0.01), "primary"),
      detail(glass, "accent"),
      detail(glass, "secondary", { clips: [[poly(0, 0.7, 0.8, 0, 1, 0, 1, 1, 0, 1)]], opacity: 0.5 }),
    );
    parts.push(line(poly(0.5, 0, 0.5, 1), "primary", 0.04, { clips: [[pane(0)]] }), line(poly(0, 0.48, 1, 0.48), "primary", 0.04, { clips: [[pane(0)]] }));
    parts.push(detail(poly(0.5 - w + 0.08, 0.4, 0.5 - w + 0.14, 0.3, 0.5 - w + 0.16, 0.3, 0.5 - w + 0.1, 0.4), "light", { opacity: 0.8 }));
    parts.push(solid(rect(0.5 - w - 0.06, 0.8, w * 2 + 0.12, 0.07), "primary+"), rimShade(rect(0.5 - w - 0.06, 0.8, w * 2 + 0.12, 0.07), "primary-", 0, -0.03));
    if (rng.chance(0.4))
      for (const x of steps(0.5 - w + 0.04, 0.5 + w - 0.04, 3)) parts.push(solid(circle(x, 0.79, 0.045), rng.chance(0.5) ? "accent+" : "secondary"));
    return parts;
  },
};
