/** Vector shapes as polygons (curves are flattened), plus affine transforms. */

export type Point = readonly [number, number];
export type Contour = readonly Point[];
/** One or more contours filled together (holes via the even-odd rule or opposite winding). */
export type Path = readonly Contour[];

const TAU = Math.PI * 2;

export function ellipse(cx: number, cy: number, rx: number, ry: number, rotation = 0, segments = 56): Contour {
  const points: Point[] = [];
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  for (let i = 0; i < segments; i++) {
    const a = (i / segments) * TAU;
    const x = Math.cos(a) * rx;
    const y = Math.sin(a) * ry;
    points.push([cx + x * cos - y * sin, cy + x * sin + y * cos]);
  }
  return points;
}

export function circle(cx: number, cy: number, r: number, segments = 56): Contour {
  return ellipse(cx, cy, r, r, 0, segments);
}

export function rect(x: number, y: number, w: number, h: number): Contour {
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

export function roundRect(x: number, y: number, w: number, h: number, radius: number, steps = 10): Contour {
  const r = Math.min(radius, w / 2, h / 2);
  const corners: [number, number, number][] = [
    [x + w - r, y + r, -Math.PI / 2],
    [x + w - r, y + h - r, 0],
    [x + r, y + h - r, Math.PI / 2],
    [x + r, y + r, Math.PI],
  ];
  const points: Point[] = [];
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= steps; i++) {
      const a = start + (i / steps) * (Math.PI / 2);
      points.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
    }
  }
  return points;
}

export function regularPolygon(cx: number, cy: number, r: number, sides: number, rotation = -Math.PI / 2): Contour {
  const points: Point[] = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + (i / sides) * TAU;
    points.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  return points;
}

export function star(cx: number, cy: number, outer: number, inner: number, tips: number, rotation = -Math.PI / 2): Contour {
  const points: Point[] = [];
  for (let i = 0; i < tips * 2; i++) {
    const a = rotation + (i / (tips * 2)) * TAU;
    const r = i % 2 === 0 ? outer : inner;
    points.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  return points;
}

/** A stadium: the segment (x0,y0)-(x1,y1) thickened to radius r with round caps. */
export function capsule(x0: number, y0: number, x1: number, y1: number, r: number, steps = 12): Contour {
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = angle - Math.PI / 2 + (i / steps) * Math.PI;
    points.push([x1 + Math.cos(a) * r, y1 + Math.sin(a) * r]);
  }
  for (let i = 0; i <= steps; i++) {
    const a = angle + Math.PI / 2 + (i / steps) * Math.PI;
    points.push([x0 + Math.cos(a) * r, y0 + Math.sin(a) * r]);
  }
  return points;
}

/** A thick arc between radii `inner` and `outer`, from angle a0 to a1 (radians). */
export function arcBand(cx: number, cy: number, inner: number, outer: number, a0: number, a1: number, steps = 32): Contour {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    points.push([cx + Math.cos(a) * outer, cy + Math.sin(a) * outer]);
  }
  for (let i = steps; i >= 0; i--) {
    const a = a0 + ((a1 - a0) * i) / steps;
    points.push([cx + Math.cos(a) * inner, cy + Math.sin(a) * inner]);
  }
  return points;
}

/** Builds one contour from lines and Bézier curves (flattened to line segments). */
export class PathBuilder {
  private readonly points: Point[] = [];
  private x = 0;
  private y = 0;

  constructor(x: number, y: number) {
    this.points.push([x, y]);
    this.x = x;
    this.y = y;
  }

  lineTo(x: number, y: number): this {
    this.points.push([x, y]);
    this.x = x;
    this.y = y;
    return this;
  }

  quadTo(cx: number, cy: number, x: number, y: number, steps = 14): this {
    const { x: x0, y: y0 } = this;
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      const u = 1 - t;
      this.points.push([u * u * x0 + 2 * u * t * cx + t * t * x, u * u * y0 + 2 * u * t * cy + t * t * y]);
    }
    this.x = x;
    this.y = y;
    return this;
  }

  cubicTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number, steps = 18): this {
    const { x: x0, y: y0 } = this;
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      const u = 1 - t;
      const a = u * u * u;
      const b = 3 * u * u * t;
      const c = 3 * u * t * t;
      const d = t * t * t;
      this.points.push([a * x0 + b * c1x + c * c2x + d * x, a * y0 + b * c1y + c * c2y + d * y]);
    }
    this.x = x;
    this.y = y;
    return this;
  }

  build(): Contour {
    return [...this.points];
  }
}

/** Affine transform: x' = a*x + c*y + e, y' = b*x + d*y + f. */
export interface Affine {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
}

/** `outer` applied after `inner`. */
export function compose(outer: Affine, inner: Affine): Affine {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  };
}

export function rotationAbout(angle: number, cx: number, cy: number): Affine {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return { a: cos, b: sin, c: -sin, d: cos, e: cx - cos * cx + sin * cy, f: cy - sin * cx - cos * cy };
}

/** Maps the unit square onto the square at (x, y) with side `size`. */
export function placeUnit(x: number, y: number, size: number): Affine {
  return { a: size, b: 0, c: 0, d: size, e: x, f: y };
}

export function transformContour(contour: Contour, m: Affine): Contour {
  return contour.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f] as const);
}

export function transformPath(path: Path, m: Affine): Path {
  return path.map((contour) => transformContour(contour, m));
}
