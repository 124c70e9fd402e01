/**
 * Icon shapes of symbols, drawn in the unit square: heart, gem, star, skull, crown, and the shape
 * drawn when no subject is known. The elements (flame, leaf, droplet, moon, bolt): elements.ts.
 */
import { circle, ellipse, PathBuilder, regularPolygon, roundRect, star, type Contour, type Point } from "../kit/geometry.js";
import { deg, leftOf, outsideOf, rightOf, rotateParts, scaleAbout, shifted, type Fill, type IconShape, type Part } from "./parts.js";

/** Lighter facing up-left, darker facing down-right. */
function facetFill(points: readonly Point[], cx: number, cy: number): Fill {
  const mx = points.reduce((s, p) => s + p[0], 0) / points.length - cx;
  const my = points.reduce((s, p) => s + p[1], 0) / points.length - cy;
  const facing = (-mx - my) / (Math.hypot(mx, my) || 1);
  return facing > 0.45 ? "primary+" : facing < -0.45 ? "primary-" : "primary";
}

const heartContour = (): Contour =>
  new PathBuilder(0.5, 0.9)
    .cubicTo(0.1, 0.64, 0.02, 0.38, 0.13, 0.23)
    .cubicTo(0.25, 0.07, 0.46, 0.11, 0.5, 0.28)
    .cubicTo(0.54, 0.11, 0.75, 0.07, 0.87, 0.23)
    .cubicTo(0.98, 0.38, 0.9, 0.64, 0.5, 0.9)
    .build();

export const heart: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  emblem: { cx: 0.5, cy: 0.46, r: 0.17 },
  build(rng, hasEmblem) {
    const body = heartContour();
    const parts: Part[] = [
      { path: [body], fill: "primary" },
      { path: [body], fill: "primary-", clips: [outsideOf(shifted(scaleAbout(body, 0.98, 0.5, 0.5), -0.05, -0.06))], outline: false },
      { path: [ellipse(0.3, 0.3, 0.08, 0.045, deg(-40))], fill: "light", opacity: 0.85, outline: false },
      { path: [circle(0.22, 0.41, 0.025)], fill: "light", opacity: 0.7, outline: false },
    ];
    // variants: an inner heart, a crack, or plain; tilted a little
    const kind = hasEmblem ? 0 : rng.int(0, 2);
    if (kind === 1) parts.push({ path: [scaleAbout(body, 0.6, 0.5, 0.52)], fill: "primary+", outline: false });
    if (kind === 2)
      parts.push({
        path: [
          [
            [0.5, 0.28],
            [0.44, 0.42],
            [0.54, 0.52],
            [0.46, 0.66],
          ],
        ],
        fill: "primary--",
        stroke: 0.03,
        outline: false,
      });
    return rotateParts(parts, rng.range(-12, 12));
  },
};

export const gem: IconShape = {
  primary: "cyan",
  secondary: "white",
  accent: "white",
  build(rng) {
    const parts: Part[] = [];
    const addFacets = (outline: Contour, facets: Point[][], cx: number, cy: number): void => {
      parts.push({ path: [outline], fill: "primary" });
      for (const facet of facets) parts.push({ path: [facet], fill: facetFill(facet, cx, cy), outline: false });
    };
    if (rng.chance(0.5)) {
      const [l, cl, cr, r, g, t, b] = [0.14, 0.32, 0.68, 0.86, 0.36, 0.14, 0.92];
      addFacets(
        [
          [l, g],
          [cl, t],
          [cr, t],
          [r, g],
          [0.5, b],
        ],
        [
          [
            [l, g],
            [cl, t],
            [0.4, g],
          ],
          [
            [cl, t],
            [cr, t],
            [0.6, g],
            [0.4, g],
          ],
          [
            [cr, t],
            [r, g],
            [0.6, g],
          ],
          [
            [l, g],
            [0.4, g],
            [0.5, b],
          ],
          [
            [0.4, g],
            [0.6, g],
            [0.5, b],
          ],
          [
            [0.6, g],
            [r, g],
            [0.5, b],
          ],
        ],
        0.5,
        0.32,
      );
    } else {
      const [top, shoulder, foot, bottom] = [0.04, 0.22, 0.78, 0.96];
      addFacets(
        [
          [0.5, top],
          [0.74, shoulder],
          [0.74, foot],
          [0.5, bottom],
          [0.26, foot],
          [0.26, shoulder],
        ],
        [
          [
            [0.5, top],
            [0.26, shoulder],
            [0.42, 0.3],
          ],
          [
            [0.26, shoulder],
            [0.42, 0.3],
            [0.42, 0.72],
            [0.26, foot],
          ],
          [
            [0.58, 0.3],
            [0.74, shoulder],
            [0.74, foot],
            [0.58, 0.72],
          ],
          [
            [0.5, top],
            [0.74, shoulder],
            [0.58, 0.3],
          ],
          [
            [0.42, 0.72],
            [0.58, 0.72],
            [0.5, bottom],
          ],
          [
            [0.58, 0.72],
            [0.74, foot],
            [0.5, bottom],
          ],
        ],
        0.5,
        0.5,
      );
    }
    parts.push({ path: [star(0.33, 0.26, 0.07, 0.018, 4)], fill: "light", outline: false });
    return parts;
  },
};

export const starShape: IconShape = {
  primary: "yellow",
  secondary: "white",
  accent: "white",
  build(rng) {
    const cx = 0.5;
    const cy = 0.54;
    const outer = 0.47;
    const inner = outer * rng.range(0.4, 0.5);
    const contour = star(cx, cy, outer, inner, 5);
    const parts: Part[] = [{ path: [contour], fill: "primary" }];
    for (let i = 0; i < contour.length; i += 2) {
      const tip = contour[i] as Point;
      for (const side of [-1, 1]) {
        const neighbour = contour[(i + side + contour.length) % contour.length] as Point;
        const facet: Point[] = [[cx, cy], tip, neighbour];
        parts.push({ path: [facet], fill: facetFill(facet, cx, cy), outline: false });
      }
    }
    return parts;
  },
};

export const skull: IconShape = {
  primary: "beige",
  secondary: "dark",
  accent: "red",
  build(rng) {
    const parts: Part[] = [
      { path: [roundRect(0.3, 0.5, 0.4, 0.38, 0.09)], fill: "primary" },
      { path: [circle(0.5, 0.41, 0.34)], fill: "primary" },
      { path: [roundRect(0.3, 0.5, 0.4, 0.38, 0.09)], fill: "primary-", clips: [rightOf(0.6)], outline: false },
      { path: [circle(0.5, 0.41, 0.34)], fill: "primary-", clips: [outsideOf(circle(0.45, 0.37, 0.34))], outline: false },
    ];
    const eye = rng.range(0.085, 0.105);
    for (const x of [0.36, 0.64]) parts.push({ path: [ellipse(x, 0.48, eye, eye * 1.1)], fill: "dark", outline: false });
    parts.push({
      path: [
        [
          [0.5, 0.58],
          [0.455, 0.67],
          [0.545, 0.67],
        ],
      ],
      fill: "dark",
      outline: false,
    });
    for (let i = 0; i < 4; i++) {
      const x = 0.38 + i * 0.08;
      parts.push({
        path: [
          [
            [x, 0.74],
            [x, 0.85],
          ],
        ],
        fill: "primary--",
        stroke: 0.02,
        outline: false,
      });
    }
    parts.push({
      path: [
        [
          [0.34, 0.74],
          [0.66, 0.74],
        ],
      ],
      fill: "primary--",
      stroke: 0.018,
      outline: false,
    });
    parts.push({ path: [ellipse(0.36, 0.2, 0.07, 0.035, deg(-25))], fill: "light", opacity: 0.6, outline: false });
    return parts;
  },
};

export const crown: IconShape = {
  primary: "gold",
  secondary: "red",
  accent: "blue",
  build(rng) {
    const band = roundRect(0.17, 0.62, 0.66, 0.2, 0.03);
    const dip = rng.range(0.42, 0.52);
    const points: Point[] = [
      [0.18, 0.64],
      [0.12, 0.3],
      [0.34, dip],
      [0.5, rng.range(0.16, 0.24)],
      [0.66, dip],
      [0.88, 0.3],
      [0.82, 0.64],
    ];
    const parts: Part[] = [
      { path: [points], fill: "primary" },
      { path: [points], fill: "primary+", clips: [leftOf(0.5)], outline: false },
      { path: [band], fill: "primary-" },
    ];
    for (const [x, y] of [
      [0.12, 0.28],
      [0.5, 0.17],
      [0.88, 0.28],
    ] as const)
      parts.push({ path: [circle(x, y, 0.05)], fill: "primary" });
    for (const [x, fill] of [
      [0.3, "accent"],
      [0.5, "secondary"],
      [0.7, "accent"],
    ] as const) {
      parts.push({ path: [regularPolygon(x, 0.72, 0.055, 4)], fill, outline: false });
    }
    return parts;
  },
};

export const fallback: IconShape = {
  primary: "violet",
  secondary: "gold",
  accent: "white",
  build(rng) {
    const sides = rng.int(3, 8);
    const spiky = rng.chance(0.5);
    const outer = spiky ? star(0.5, 0.5, 0.46, rng.range(0.24, 0.34), sides) : regularPolygon(0.5, 0.5, 0.45, sides);
    const parts: Part[] = [{ path: [outer], fill: "primary" }];
    for (let i = 0; i < outer.length; i++) {
      const facet: Point[] = [[0.5, 0.5], outer[i] as Point, outer[(i + 1) % outer.length] as Point];
      parts.push({ path: [facet], fill: facetFill(facet, 0.5, 0.5), outline: false });
    }
    const inner = rng.chance(0.5)
      ? circle(0.5, 0.5, rng.range(0.12, 0.18))
      : regularPolygon(0.5, 0.5, rng.range(0.13, 0.2), rng.int(3, 6), rng.range(0, Math.PI));
    parts.push({ path: [inner], fill: "secondary" });
    parts.push({ path: [scaleAbout(inner, 0.5, 0.5, 0.5)], fill: "accent", outline: false });
    return parts;
  },
};
