/**
 * States of things on sprite items ("open treasure chest", "unlit torch", "burnt crate", "empty
 * bucket", "smoking cannon"): the icon family's states (icons/thing-states.ts says which apply to
 * which thing, and what each draws) on the item drawn from its icon shape. The state's colours
 * (charred, out, drained) tint the item's materials; its marks (smoke, drips, an opening, a flame)
 * are rasterised with it, a mark in a colour of its own in the nearest fixed material or, failing
 * one, in the liquid's; a bite is cut out of the grid. An item with a drawing of its own (a chest)
 * is drawn from its icon shape when a state applies to it.
 */
import { rgb, type Rgb } from "../../kit/color.js";
import { Random } from "../../kit/random.js";
import { Mask } from "../../kit/coverage.js";
import { transformPath } from "../../kit/geometry.js";
import { ICON_SHAPES, type Mark, type Part, planStateMarks, type Role, stateRoles, thingStates } from "../../icons/index.js";
import type { PromptSpec } from "../../words/prompt.js";
import { M, type SpriteBuilder } from "../grid.js";
import { rasterParts, ROLE_MATERIAL, unitPlacement } from "./bridge.js";

/** The fixed materials a mark's own colour may fall on, in their colours (pixel-sprite.ts's). */
const FIXED: readonly (readonly [number, Rgb])[] = [
  [M.DARK, rgb(0x1c1424)],
  [M.METAL, rgb(0xb9c2cc)],
  [M.WOOD, rgb(0x7a4e2c)],
  [M.SHINE, rgb(0xffffff)],
  [M.GLASS, rgb(0xcfe6f0)],
  [M.FIRE, rgb(0xf07a1c)],
  [M.EMBER, rgb(0xffd23a)],
];
const distance = (a: Rgb, b: Rgb): number => Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b);
const keyOf = (c: Rgb): string => `${c.r},${c.g},${c.b}`;

/**
 * The material of each own colour of the marks: the nearest fixed material, or the liquid's for
 * the first colour none is near (the liquid then takes that colour); later ones the nearest.
 */
function markMaterials(marks: readonly Mark[]): { materials: Map<string, number>; liquid?: Rgb } {
  const materials = new Map<string, number>();
  let liquid: Rgb | undefined;
  for (const { color } of marks) {
    if (!color || materials.has(keyOf(color))) continue;
    const [m, d] = FIXED.map(([m, c]) => [m, distance(c, color)] as const).reduce((a, b) => (b[1] < a[1] ? b : a));
    if (d >= 90 && (liquid === undefined || distance(liquid, color) < 90)) {
      liquid ??= color;
      materials.set(keyOf(color), M.LIQUID);
    } else materials.set(keyOf(color), m);
  }
  return liquid ? { materials, liquid } : { materials };
}

export interface StatedItem {
  builder: SpriteBuilder;
  /** The prompt's words the states drew. */
  words: string[];
}

/** The item `design` drawn from its icon shape in the states the prompt names, if any apply. */
export function statedItem(spec: PromptSpec, design: string, base: SpriteBuilder): StatedItem | undefined {
  const shape = ICON_SHAPES.get(design);
  if (!shape) return undefined;
  // "broken" stays the cracked style's on a sprite (words.ts draws its cracks)
  const states = thingStates(spec.otherWords, design, shape.reads);
  // words the shape reads itself ("open" on a chest, "up" on an arrow)
  const reads = spec.otherWords.filter((w) => shape.reads?.includes(w));
  if (states.length === 0 && reads.length === 0) return undefined;
  const words = new Set([...spec.subjects, ...spec.otherWords]);
  // the marks' own colours are the states' (smoke, water, char), whatever the seed: read once
  const probe =
    states.length === 0 ? { behind: [], front: [] } : planStateMarks(states, design, shape.build(new Random(1), false, words), ["primary"], new Random(1));
  const { materials, liquid } = markMaterials([...probe.behind, ...probe.front]);
  const materialOf = (part: Part): { m: number; tone: number } | undefined => {
    const color = (part as Mark).color;
    return color ? { m: materials.get(keyOf(color)) ?? M.DARK, tone: 0 } : undefined;
  };
  return {
    words: [...reads, ...states.flatMap((s) => s.words)],
    builder: {
      ...base,
      kind: "item",
      asymmetric: true,
      tint(colors, rng) {
        base.tint?.(colors, rng);
        const roles = Object.fromEntries(Object.entries(ROLE_MATERIAL).map(([role, m]) => [role, colors[m] as Rgb])) as Record<Role, Rgb>;
        const changed = stateRoles(states, design, roles);
        for (const [role, m] of Object.entries(ROLE_MATERIAL)) colors[m] = changed[role as Role];
        if (liquid) colors[M.LIQUID] = liquid;
      },
      build(g, rng) {
        const parts = shape.build(rng, false, words);
        const marks = states.length > 0 ? planStateMarks(states, design, parts, ["primary"], rng.fork("states")) : { behind: [], front: [], notches: [] };
        rasterParts(g, [...marks.behind, ...parts, ...marks.front], 1.08, materialOf);
        if (marks.notches.length > 0) {
          const mask = new Mask(g.n, g.n);
          mask.fill(transformPath(marks.notches, unitPlacement(g.n)), "nonzero");
          for (let k = 0; k < g.n * g.n; k++) if ((mask.data[k] ?? 0) >= 0.5) g.setCell(k % g.n, Math.floor(k / g.n), M.EMPTY);
        }
      },
    },
  };
}
