/** Surfaces: materials and grounds. Drawn by the texture agent. */
import type { SubjectTable } from "./subject-table.js";

export const SURFACE_SUBJECTS: SubjectTable = {
  stone: { words: "rocky granite slate stony masonry" },
  cobble: { words: "cobblestone cobbles pavement paving flagstone" },
  brick: { words: "bricks brickwork" },
  wood: { words: "wooden oak pine timber bark birch walnut mahogany" },
  plank: { words: "boards floorboard floorboards planking deck decking" },
  grass: { words: "grassy lawn meadow turf field" },
  sand: { words: "desert beach dune dunes" },
  water: { words: "ocean sea lake river pond wave waves aquatic" },
  metal: { words: "metallic plating plate plates sheet", generic: true },
  lava: { words: "magma molten volcanic" },
  dirt: { words: "soil mud muddy earth ground dirty" },
  snow: { words: "snowy snowfield" },
  ice: { words: "glacier" },
  marble: { words: "marbled" },
  tile: { words: "tiles tiled tiling" },
};
