/**
 * Draws any icon shape (vector parts with colour roles, see icons/parts.ts) as a pixel-sprite item:
 * each part is rasterised into the sprite grid at its size, its colour role mapped to a sprite
 * material and its lighter/darker variant to a shading offset; the sprite renderer then adds the
 * outline and shading. Used for subjects that have no sprite builder of their own, so every
 * shape in the icon registry (props, furniture, tools, food...) is a pixel sprite too.
 */
import { SUBJECT_WORDS } from "../../words/subjects/subjects.js";
import { Mask } from "../../kit/coverage.js";
import { placeUnit, transformPath, type Affine } from "../../kit/geometry.js";
import { type Fill, ICON_SHAPES, type IconShape, type Part, type Role } from "../../icons/index.js";
import { M, type SpriteBuilder, type SpriteGrid } from "../grid.js";
import { SURFACE_SUBJECTS } from "../../words/subjects/surfaces.js";

/** The sprite material each icon colour role is drawn in. */
export const ROLE_MATERIAL: Readonly<Record<Role, number>> = {
  primary: M.BODY,
  secondary: M.BELLY,
  accent: M.ACCENT,
  metal: M.METAL,
  wood: M.WOOD,
  dark: M.DARK,
  light: M.SHINE,
  glass: M.GLASS,
};

/** A fill's material and its shading offset ("+" lighter, "--" two steps darker). */
export function fillMaterial(fill: Fill): { m: number; tone: number } {
  const match = /^([a-z]+)([+-]*)$/.exec(fill);
  const role = (match?.[1] ?? "primary") as Role;
  const marks = match?.[2] ?? "";
  const tone = marks.startsWith("+") ? marks.length : -marks.length;
  return { m: ROLE_MATERIAL[role] ?? M.BODY, tone };
}

/** The placement of unit coordinates on a grid of `n` cells, scaled by `zoom` about the centre. */
export function unitPlacement(n: number, zoom = 1.08): Affine {
  const size = n * zoom;
  return placeUnit((n - size) / 2, (n - size) / 2, size);
}

/**
 * Rasterises parts (unit coordinates) into the grid, scaled by `zoom` about the centre; `materialOf`
 * gives a part a material of its own (a state's mark in a colour of its own), else its fill's.
 */
export function rasterParts(g: SpriteGrid, parts: readonly Part[], zoom = 1.08, materialOf?: (part: Part) => { m: number; tone: number } | undefined): void {
  const { n } = g;
  const size = n * zoom;
  const m = unitPlacement(n, zoom);
  const shape = new Mask(n, n);
  const clip = new Mask(n, n);
  for (const part of parts) {
    shape.clear();
    const path = transformPath(part.path, m);
    if (part.stroke !== undefined) for (const contour of path) shape.stroke(contour, Math.max(1, part.stroke * size), contour.length > 2);
    else shape.fill(path, part.rule ?? "nonzero");
    for (const clipPath of part.clips ?? []) {
      clip.clear();
      clip.fill(transformPath(clipPath, m), "evenodd");
      shape.intersect(clip);
    }
    const { m: material, tone } = materialOf?.(part) ?? fillMaterial(part.fill);
    // faint overlays (glints, shadows) shift the shading of what lies under them
    const overlay = (part.opacity ?? 1) < 0.5;
    const detail = part.outline === false || part.clips !== undefined;
    const threshold = part.stroke !== undefined ? 0.4 : 0.5;
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        if ((shape.data[j * n + i] ?? 0) < threshold) continue;
        if (overlay) {
          if (g.get(i, j) !== M.EMPTY) g.apply(i, j, M.EMPTY, tone < 0 || material === M.DARK ? "darken" : "lighten");
          continue;
        }
        if (detail && g.get(i, j) === M.EMPTY) continue;
        g.setCell(i, j, material, tone);
      }
    }
  }
}

const cache = new Map<string, SpriteBuilder | undefined>();

function bridge(shape: IconShape): SpriteBuilder {
  return {
    kind: "item",
    primary: shape.primary,
    secondary: shape.secondary,
    accent: shape.accent,
    asymmetric: true,
    build(g, rng) {
      rasterParts(g, shape.build(rng, false));
    },
  };
}

/**
 * The pixel-sprite builder drawing the icon shape of a subject, if the icon registry has one.
 * Surfaces (grass, water, metal...) are the texture agent's: their icon stand-ins are not things.
 */
export function iconSpriteBuilder(subject: string): SpriteBuilder | undefined {
  if (!cache.has(subject)) {
    const shape = SURFACE_SUBJECTS[subject] ? undefined : ICON_SHAPES.get(subject);
    cache.set(subject, shape ? bridge(shape) : undefined);
  }
  return cache.get(subject);
}

/** Every subject the bridge can draw (shape keys that are no prompt word, such as the "hat" symbol, left out). */
export const BRIDGED_SUBJECTS: readonly string[] = [...ICON_SHAPES.keys()].filter((s) => SUBJECT_WORDS.get(s) === s && iconSpriteBuilder(s) !== undefined);
