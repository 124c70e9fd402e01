/**
 * What a texture prompt asks for: the material named (own surface words first, the head noun of
 * "swamp water" before its broad ground), material and effect modifiers ("golden tiles", "poison
 * swamp"), and the role that lays it out ("stone wall" is ashlar of stone, "wooden floor" planks,
 * "gold pile" a heap of coins, "thatch roof" thatch, "dirt path" a band of dirt through grass).
 * `planTexture` is the one plan both the generator and `interpretTexture` read.
 */
import { hasStyle, type PromptSpec } from "../words/prompt.js";
import { broaderSubjects } from "../words/subjects/subjects.js";
import { SURFACE_SUBJECTS } from "../words/subjects/surfaces.js";
import { MATERIAL_ALIASES, MATERIALS } from "./materials/materials.js";

/** The texture material a material word ("iron", "wooden") stands for. */
export const MATERIAL_OF_MODIFIER: Readonly<Record<string, string>> = {
  wood: "plank",
  stone: "stone",
  iron: "metal",
  gold: "gold",
  silver: "silver",
  bronze: "bronze",
  copper: "copper",
  ice: "ice",
  crystal: "crystal",
  bone: "bone",
  leather: "leather",
  tin: "metal",
  brass: "bronze",
};

/** The texture material a subject or material word draws, if any. */
export function textureMaterialOf(word: string): string | undefined {
  const name = MATERIALS[word] ? word : (MATERIAL_ALIASES[word] ?? MATERIAL_OF_MODIFIER[word]);
  return name === undefined ? undefined : MATERIALS[name] ? name : MATERIAL_ALIASES[name];
}

/** Loose or natural grounds and liquids: named with "tile" they mean a tile of that ground. */
export const GROUNDS: ReadonlySet<string> = new Set(
  "grass sand dirt snow water lava ice meadow mud gravel pebbles parched swamp moss forest hay farmland ash acid slime clay dust mars regolith".split(" "),
);
const LIQUIDS: ReadonlySet<string> = new Set(["water", "lava", "acid", "slime", "swamp", "mud"]);
/** Substances whose own texture shows inside the blocks of a layout ("marble tiles", "golden tiles"). */
const INLAID: ReadonlySet<string> = new Set([
  "marble",
  "granite",
  "obsidian",
  "crystal",
  "ice",
  "metal",
  "gold",
  "silver",
  "bronze",
  "copper",
  "plank",
  "sandstone",
]);

type RoleTable = Readonly<Record<string, string>>;
const METALS = ["metal", "gold", "silver", "bronze", "copper"];
const STONES = ["stone", "granite", "slate", "sandstone", "flagstone", "castle", "dungeon", "marble", "obsidian", "cobble", "cave", "rubble"];
const each = (names: readonly string[], layout: string): Record<string, string> => Object.fromEntries(names.map((n) => [n, layout]));
const same = (names: string): Record<string, string> => each(names.split(" "), "=");

/** Per role: material → layout ("=" the material itself; "*" any other material). */
const ROLE_LAYOUTS: Readonly<Record<string, RoleTable>> = {
  wall: {
    ...same(
      "brick cobble castle dungeon cave runestone plank log bone flesh moss glass wallpaper tile ceramic mosaic hextile checkered carpet fabric circuit panel hull scales bark leather bamboo chainmail camo wicker hedge fence ore coal",
    ),
    ...each(METALS, "hull"),
    ...same("concrete bunker siding corrugated pilings net forcefield coral stucco adobe"),
    bark: "log",
    "*": "castle",
  },
  floor: {
    ...same(
      `${[...GROUNDS].join(" ")} rubble flagstone brick cobble tile ceramic mosaic hextile checkered parquet plank carpet grate treadplate panel bone concrete asphalt bamboo wicker clay ore coal`,
    ),
    ...each(["stone", "granite", "slate", "sandstone", "castle", "dungeon", "cave"], "flagstone"),
    ...each(["marble", "obsidian", "crystal", "gold", "silver", "bronze", "copper", "glass"], "tile"),
    ...same("dock tatami bunker net coral forcefield siding rubber"),
    metal: "treadplate",
    hull: "treadplate",
    log: "plank",
    bark: "plank",
    "*": "tile",
  },
  road: {
    ...same("cobble flagstone brick asphalt concrete plank"),
    ...each(["dirt", "mud", "sand", "gravel", "snow", "ash", "parched", "pebbles", "grass", "meadow", "forest"], "ruts"),
    "*": "cobble",
  },
  path: {
    ...same("cobble flagstone brick gravel pebbles dirt mud sand plank dock"),
    ...each(["stone", "granite", "slate", "marble", "castle", "sandstone"], "flagstone"),
    ...each(["grass", "meadow", "forest", "moss", "snow"], "dirt"),
    "*": "dirt",
  },
  pile: {
    ...same("bone hay coins rubble logpile forest"),
    ...each(METALS, "coins"),
    ...each(STONES, "rubble"),
    ...each(["plank", "log", "bark"], "logpile"),
    ...each(["crystal", "ice"], "gems"),
    ...each(["grass", "meadow", "thatch"], "hay"),
    brick: "rubble",
  },
  roof: {
    ...same("thatch shingle scales corrugated"),
    ...each(["hay", "grass", "meadow"], "thatch"),
    "*": "shingle",
  },
  ground: same(`${[...GROUNDS].join(" ")} stone rubble cobble flagstone`),
  terrain: same(`${[...GROUNDS].join(" ")} stone rubble`),
  pool: same([...LIQUIDS].join(" ")),
  // "sandstone blocks", "ice blocks": dressed blocks of the material
  blocks: { ...same("brick castle dungeon cobble runestone"), "*": "castle" },
};

/** A prompt naming only an effect or a style: the material it suggests ("poison" is acid, "rusty" metal). */
const IMPLIED: Readonly<Record<string, string>> = {
  poison: "acid",
  mana: "crystal",
  shadow: "obsidian",
  holy: "marble",
  fire: "lava",
  rusty: "metal",
  mossy: "moss",
  icy: "ice",
  cracked: "stone",
};

/** A role named alone: what it lays out. */
const ROLE_DEFAULTS: Readonly<Record<string, string>> = {
  wall: "castle",
  floor: "flagstone",
  road: "cobble",
  path: "dirt",
  pile: "rubble",
  roof: "shingle",
  ground: "dirt",
  terrain: "grass",
  pool: "water",
  blocks: "castle",
};

/** The verge a path runs through. */
const VERGES: Readonly<Record<string, string>> = { snow: "snow", forest: "forest", meadow: "meadow", moss: "moss" };
const ROLES: ReadonlySet<string> = new Set(Object.keys(ROLE_LAYOUTS));

export interface MaterialChoice {
  /** The material whose renderer draws the texture. */
  material: string;
  /** A second material that lends its colours (e.g. "stone" in "stone brick"), and its texture when inlaid. */
  substance: string | undefined;
}

export interface TexturePlan extends MaterialChoice {
  /** The material the prompt named, before a role laid it out ("stone" in "stone wall"). */
  source: string | undefined;
  /** The role word that laid the material out, when it did. */
  role: string | undefined;
  /** Draw the substance's own texture inside the blocks of the layout. */
  inlay: boolean;
  /** A path: the material runs as a band through this verge. */
  verge: string | undefined;
  /** A second ground lying in patches on the first. */
  patches: string | undefined;
  /** A road of loose ground: wheel ruts along it. */
  ruts: boolean;
  /** Styles that chose the material ("cracked" earth, "hex" tiles). */
  styles: readonly string[];
  /** Nothing in the prompt names or suggests a material. */
  fallback: boolean;
}

/** Surfaces named by words only the texture agent reads (conditions.ts), as its own. */
const OWN_BROADER: Readonly<Record<string, string>> = { dock: "plank" };
const OWN_WORDS: ReadonlySet<string> = new Set(Object.keys(OWN_BROADER));
/** The subjects a material is a kind of ("dock": planks, wood). */
const broader = (m: string): string[] => {
  const up = OWN_BROADER[m];
  return up === undefined ? broaderSubjects(m) : [up, ...broaderSubjects(up)];
};
const own = (s: string): boolean => (SURFACE_SUBJECTS[s] !== undefined || OWN_WORDS.has(s)) && !ROLES.has(s);
/** Broad grounds give way to a narrower surface named with them: "river pebbles" is pebbles, "swamp water" a swamp. */
const BROAD: ReadonlySet<string> = new Set(["stone", "dirt", "water", "grass", "metal", "field", "skin"]);

/** Grounds that can lie in patches on another ground. */
const PATCHES: ReadonlySet<string> = new Set(
  [...GROUNDS, "stone", "rubble", "flagstone"].filter((m) => !["lava", "acid", "slime", "forest", "farmland"].includes(m)),
);

/** Materials whose blocks can hold a substance's own texture. */
const BLOCKY: ReadonlySet<string> = new Set(["tile", "brick", "cobble", "castle", "flagstone", "hextile", "ceramic", "shingle", "dungeon"]);

/**
 * The material named: patterns first, then own surface words (head noun first), then others'
 * subjects, then material modifiers; a subject named with a narrower one ("tile" with "bathroom")
 * gives way to it.
 */
function namedMaterials(spec: PromptSpec): { source: string | undefined; substance: string | undefined; patches: string | undefined } {
  const ownSpecific = spec.subjects.filter((s) => own(s) && !BROAD.has(s)).reverse();
  const ownGeneric = spec.subjects.filter((s) => own(s) && BROAD.has(s));
  const others = spec.subjects.filter((s) => !own(s) && !ROLES.has(s));
  const named = [...ownSpecific, ...others, ...ownGeneric].map(textureMaterialOf).filter((m): m is string => m !== undefined);
  const modifiers = spec.materials.map(textureMaterialOf).filter((m): m is string => m !== undefined);
  // "brick wall with moss": the moss is the mossy style, not the bricks' colour
  const all = [...named, ...modifiers].filter((m, _, list) => !(m === "moss" && hasStyle(spec, "mossy") && list.length > 1));
  const ordered = all.filter((m) => !all.some((n) => n !== m && broader(n).includes(m)) && !(m === "panel" && all.includes("hull")));
  // the head noun, when a pattern, lays out the others ("marble tiles"); a modifier only colours ("wooden
  // fence"), and a pattern that is not the head gives way ("pine needles" are a forest floor, not planks)
  const head = ordered.find((m) => named.includes(m));
  const pattern = head !== undefined && MATERIALS[head]?.pattern ? head : undefined;
  // "grass tile", "sand tiles": a tile of that ground, not ceramic tiles coloured like it ("roof tiles" are a roof's)
  const role = spec.subjects.some((s) => ROLES.has(s));
  const ground = pattern === "tile" && !role ? ordered.find((m) => GROUNDS.has(m)) : undefined;
  if (ground) return { source: ground, substance: undefined, patches: undefined };
  const source = pattern ?? ordered.find((m) => named.includes(m)) ?? ordered[0];
  // a wood modifier colours a pattern too ("wooden shingles")
  const substance = pattern
    ? [...ordered, ...modifiers].find((m) => m !== pattern && (!MATERIALS[m]?.pattern || (m === "plank" && modifiers.includes(m) && !named.includes(m))))
    : modifiers.find((m) => m !== source);
  // two grounds named together: patches of the second on the first ("grassy dirt", "rocky desert")
  const grounds = spec.subjects.filter((s) => HEADS[s] === undefined).map(textureMaterialOf);
  const patches = source && GROUNDS.has(source) ? ordered.find((m) => m !== source && grounds.includes(m) && PATCHES.has(m)) : undefined;
  return { source, substance, patches };
}

export function planTexture(spec: PromptSpec): TexturePlan {
  const named = namedMaterials(spec);
  // the last role named is the head noun ("corridor wall" is a wall); a pool beside another role lies in puddles on it
  const roles = spec.subjects.filter((s) => ROLES.has(s));
  const role = roles.filter((r) => r !== "pool").at(-1) ?? roles[0];
  const styles: string[] = [];
  let source = named.source;
  if (source === undefined && role === "pool") source = spec.effects.includes("poison") ? "acid" : spec.effects.includes("fire") ? "lava" : undefined;
  const implied = source === undefined && !role ? [...spec.effects, ...spec.styles].find((w) => IMPLIED[w] !== undefined) : undefined;
  if (implied) source = IMPLIED[implied];
  let material = source ?? (role ? ROLE_DEFAULTS[role] : undefined) ?? "stone";
  let substance = named.substance;
  let usedRole: string | undefined;
  let verge: string | undefined;
  let ruts = false;
  if (role && source !== undefined) {
    const table = ROLE_LAYOUTS[role] ?? {};
    const layout = table[source] ?? table["*"];
    if (layout !== undefined) {
      usedRole = role;
      if (role === "path") {
        verge = VERGES[source] ?? "grass";
        material = layout === "=" ? source : layout;
      } else if (layout === "ruts") {
        ruts = true;
      } else if (layout !== "=" && layout !== source) {
        material = layout;
        // "brick pile" is rubble of brick, "wooden roof" shingles of wood; "roof tiles" are just shingles
        if (substance === undefined && source !== "tile") substance = source;
      }
    }
  } else if (role) {
    usedRole = role;
    if (role === "path") verge = "grass";
  }
  if (hasStyle(spec, "cracked") && ["dirt", "mud", "sand", "farmland"].includes(material)) {
    material = "parched";
    styles.push("cracked");
  }
  if (hasStyle(spec, "hex") && material === "forcefield") styles.push("hex");
  if (hasStyle(spec, "hex") && ["tile", "ceramic", "checkered"].includes(material)) {
    material = "hextile";
    styles.push("hex");
  }
  // "hexagonal hull plating": hexagonal plates of the metal
  if (hasStyle(spec, "hex") && ["hull", "metal", "panel", "treadplate"].includes(material)) {
    substance ??= "metal";
    material = "hextile";
    styles.push("hex");
  }
  const inlay = substance !== undefined && INLAID.has(substance) && BLOCKY.has(material);
  // "dirt road with puddles": a second role, the pool, lies in patches of water
  const puddles = role !== "pool" && spec.subjects.includes("pool") && GROUNDS.has(material) && !LIQUIDS.has(material) ? "water" : undefined;
  const patches = verge === undefined && GROUNDS.has(material) ? (named.patches ?? puddles) : undefined;
  return { material, substance, source, role: usedRole, inlay, verge, patches, ruts, styles, fallback: source === undefined && !role };
}

/** Broad head nouns and the materials that are a kind of them ("dragon skin", "wheat field"). */
const HEADS: Readonly<Record<string, readonly string[]>> = {
  skin: ["scales", "fur", "feathers", "flesh", "leather"],
  field: ["hay", "meadow", "farmland", "grass", "parched", "mud", "snow", "sand"],
};

/** Words of the prompt the plan draws: subjects and materials whose material is drawn (or what it is a kind of). */
export function drawnWords(spec: PromptSpec, plan: TexturePlan): { subjects: Set<string>; materials: Set<string> } {
  const drawn = new Set<string>([plan.material]);
  for (const m of [plan.source, plan.substance, plan.material, plan.patches]) for (const up of m ? broader(m) : []) drawn.add(textureMaterialOf(up) ?? up);
  const isDrawn = (word: string): boolean => {
    const m = textureMaterialOf(word);
    return m !== undefined && drawn.has(m);
  };
  const subjects = new Set(spec.subjects.filter(isDrawn));
  if (plan.role) subjects.add(plan.role);
  // the energy of an energy shield is its force field; "hull panels" are the hull's plating, drawn in panels
  if (plan.material === "forcefield" && spec.subjects.includes("bolt")) subjects.add("bolt");
  if (plan.material === "hull" && spec.subjects.includes("panel")) subjects.add("panel");
  // a second role that lays the material out the same way is drawn too ("corridor wall panel": a panel either way)
  for (const role of spec.subjects.filter((s) => ROLES.has(s) && s !== plan.role && plan.role !== undefined && plan.source !== undefined)) {
    const table = ROLE_LAYOUTS[role] ?? {};
    const layout = table[plan.source ?? ""] ?? table["*"];
    if (layout !== undefined && (layout === "=" ? plan.source : layout) === plan.material) subjects.add(role);
  }
  if (spec.subjects.includes("tile") && GROUNDS.has(plan.material)) subjects.add("tile");
  // "dragon skin" is the dragon's scales, "wheat field" a field of wheat
  for (const [word, kinds] of Object.entries(HEADS)) if (spec.subjects.includes(word) && kinds.includes(plan.material)) subjects.add(word);
  if (plan.patches === "water" && spec.subjects.includes("pool")) subjects.add("pool");
  // "with moss" is the mossy overlay
  if (spec.subjects.includes("moss") && hasStyle(spec, "mossy")) subjects.add("moss");
  return { subjects, materials: new Set(spec.materials.filter(isDrawn)) };
}
