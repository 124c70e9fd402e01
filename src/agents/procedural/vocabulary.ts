/**
 * Word tables used to read prompts: colour words, subject nouns, style words, negations and
 * filler words. Each table maps a word (singular, lower case) to a canonical name.
 */
import { rgb, type Rgb } from "./color.js";

/** Builds a word → canonical map from `canonical: "synonym synonym ..."` groups. */
function table(groups: Record<string, string>): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [canonical, words] of Object.entries(groups)) {
    if (!canonical.startsWith("!")) map.set(canonical, canonical);
    for (const word of words.split(/\s+/).filter(Boolean)) map.set(word, canonical);
  }
  return map;
}

/** Canonical colours and their base values. */
export const COLOR_VALUES: Readonly<Record<string, Rgb>> = {
  red: rgb(0xd83a34),
  crimson: rgb(0xb3152f),
  maroon: rgb(0x7a1f2b),
  orange: rgb(0xf08a24),
  amber: rgb(0xffb020),
  yellow: rgb(0xf5d327),
  gold: rgb(0xf2b632),
  lime: rgb(0x9bdc28),
  green: rgb(0x3fae49),
  emerald: rgb(0x1e9e6a),
  olive: rgb(0x7d8a2e),
  teal: rgb(0x1f9a94),
  turquoise: rgb(0x2fc6b8),
  cyan: rgb(0x28c8e6),
  sky: rgb(0x5ab4f0),
  blue: rgb(0x2f6fdc),
  navy: rgb(0x1f2d6b),
  indigo: rgb(0x4b3fb5),
  purple: rgb(0x8a3fc2),
  violet: rgb(0x9a5be0),
  magenta: rgb(0xd63cc0),
  pink: rgb(0xf07aa8),
  rose: rgb(0xe8507a),
  brown: rgb(0x8a5a34),
  tan: rgb(0xc8a06a),
  beige: rgb(0xe3d2ac),
  bronze: rgb(0xb07a3a),
  copper: rgb(0xc46a3c),
  black: rgb(0x24232b),
  white: rgb(0xf2f2f0),
  grey: rgb(0x8c9096),
  silver: rgb(0xc3cad3),
  steel: rgb(0x8f9aa6),
};

export const COLOR_WORDS = table({
  red: "reddish ruby scarlet cherry",
  crimson: "blood bloody",
  maroon: "burgundy wine",
  orange: "orangey fiery tangerine",
  amber: "honey",
  yellow: "yellowish lemon",
  gold: "golden gilded",
  lime: "chartreuse",
  green: "greenish",
  emerald: "jade",
  olive: "khaki",
  teal: "",
  turquoise: "aquamarine",
  cyan: "aqua",
  sky: "azure cerulean",
  blue: "bluish sapphire cobalt",
  navy: "midnight",
  indigo: "",
  purple: "purplish amethyst plum",
  violet: "lavender lilac",
  magenta: "fuchsia",
  pink: "pinkish",
  rose: "",
  brown: "brownish chocolate",
  tan: "sandy",
  beige: "cream",
  bronze: "",
  copper: "",
  black: "blackened charcoal obsidian ebony onyx",
  white: "ivory pearl",
  grey: "gray greyish grayish ash ashen",
  silver: "silvery platinum chrome",
  steel: "iron",
});

/** Canonical subject nouns, shared by all generators; each generator maps the ones it knows. */
export const SUBJECT_WORDS = table({
  // icon and item nouns
  sword: "blade sabre saber katana longsword broadsword rapier scimitar dagger knife weapon",
  shield: "buckler aegis defense defence armor armour",
  potion: "flask elixir bottle vial brew tonic philter",
  coin: "money currency cash token medal",
  heart: "love life",
  gem: "crystal jewel diamond gemstone",
  key: "keys",
  star: "stars starry sun",
  skull: "bone bones death",
  bow: "archery arrow arrows longbow crossbow",
  axe: "hatchet tomahawk",
  scroll: "parchment paper quest map spell letter",
  flame: "fire flames blaze burning torch ember fireball",
  leaf: "leaves foliage herb plant nature",
  droplet: "drop tear raindrop rain liquid",
  crown: "tiara",
  moon: "crescent lunar",
  bolt: "lightning thunder electric energy",
  mushroom: "shroom fungus toadstool",
  tree: "trees sapling",
  chest: "treasure box crate",
  // held items (drawn in a character's hand by the sprite generator)
  staff: "staves stave quarterstaff wand wands rod sceptre scepter cane",
  spear: "lance trident pike halberd javelin polearm",
  hammer: "mace warhammer maul club",
  // characters and creatures
  knight: "paladin armored armoured",
  warrior: "soldier barbarian viking gladiator",
  wizard: "mage witch sorcerer sorceress warlock necromancer priest cleric druid shaman",
  hero: "adventurer player character person man woman boy girl villager human elf",
  archer: "bowman ranger hunter",
  king: "queen prince princess royal emperor",
  ninja: "rogue thief assassin hooded",
  robot: "android mech cyborg droid golem automaton",
  skeleton: "undead lich",
  zombie: "ghoul",
  goblin: "orc troll imp",
  dragon: "wyvern drake wyrm dragonling",
  slime: "blob ooze jelly goo gelatinous",
  ghost: "spirit phantom specter spectre wraith spook",
  bat: "vampire",
  spider: "arachnid tarantula",
  insect: "bug beetle ant bee",
  bird: "eagle owl crow raven phoenix chicken",
  beast: "wolf dog cat fox bear lion tiger animal",
  monster: "creature enemy mob critter alien invader demon devil beholder",
  ship: "spaceship starship spacecraft rocket jet plane ufo airship",
  // materials and surfaces
  stone: "rock rocky boulder granite slate stony masonry",
  cobble: "cobblestone cobbles pavement paving flagstone",
  brick: "bricks brickwork",
  wood: "wooden oak pine timber log bark birch walnut mahogany",
  plank: "boards floorboard floorboards planking deck decking",
  grass: "grassy lawn meadow turf field",
  sand: "desert beach dune dunes",
  water: "ocean sea lake river pond wave waves aquatic",
  metal: "metallic plating plate plates sheet",
  lava: "magma molten volcanic",
  dirt: "soil mud muddy earth ground dirty",
  snow: "snowy snowfield",
  ice: "glacier",
  marble: "marbled",
  tile: "tiles tiled tiling",
});

/** Subjects too generic to override a more specific one named in the same prompt. */
export const GENERIC_SUBJECTS: ReadonlySet<string> = new Set(["monster", "hero", "beast", "chest", "metal"]);

/**
 * Style words. A canonical name starting with "!" switches that style off (e.g. "minimal" means
 * no badge). Styles in the same group contradict each other: the later one wins.
 */
export const STYLE_WORDS = table({
  dark: "darker darkest shadowy gloomy night dim grim sinister",
  bright: "brighter vivid vibrant saturated colorful colourful light lighter",
  pastel: "soft pale",
  muted: "dull faded desaturated washed subtle",
  glowing: "glow glows glowy luminous radiant magic magical enchanted neon shining",
  retro: "8bit 16bit oldschool nes snes arcade lofi pixelated chunky",
  mossy: "moss overgrown",
  cracked: "crack cracks broken damaged crumbling ruined",
  rusty: "rust rusted corroded oxidized oxidised",
  icy: "frozen frosty frost cold winter",
  outline: "outlined outlines lineart line lines stroke stroked contour",
  badge: "background backdrop frame framed bg border",
  "!badge": "minimal minimalist plain bare badgeless borderless frameless standalone isolated",
  round: "circle circular disc disk medallion",
  square: "squared rounded app",
  hex: "hexagon hexagonal",
  flat: "simple",
  glossy: "shiny polished gloss glassy sparkly sparkling",
  smooth: "sleek clean",
  weathered: "worn old ancient aged rough rugged coarse",
  large: "big huge giant wide",
  small: "tiny little mini fine",
  cute: "kawaii chibi adorable",
  scary: "evil angry fierce menacing creepy spooky",
});

/** Groups of mutually exclusive styles. */
export const STYLE_GROUPS: readonly (readonly string[])[] = [
  ["dark", "bright", "pastel", "muted"],
  ["round", "square", "hex"],
  ["flat", "glossy"],
  ["smooth", "weathered"],
  ["large", "small"],
  ["cute", "scary"],
];

/** Words that negate the next recognised word ("no badge", "without outline"). */
export const NEGATIONS: ReadonlySet<string> = new Set(["no", "not", "without", "non", "never", "remove", "minus", "drop", "dont", "sans", "nor"]);

/** Words that add subjects to the previous ones instead of replacing them. */
export const ADDITIVE_WORDS: ReadonlySet<string> = new Set(["add", "also", "plus", "too", "additionally"]);

/** Words carrying no meaning for the generators; they never reach the hash fallback. */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or of on in at to for from by with into onto over under it its it's is are be make made " +
    "turn change give want draw create generate render please now instead actually more less bit little " +
    "very really quite some that this these those one me my i you your we our like looks look looking " +
    "style styled colour color colored coloured icon icons sprite sprites texture textures pixel pixels art " +
    "image picture asset game ui tileable seamless pattern surface version kind sort can could would should " +
    "maybe just any all then than but so also add plus too let lets us use using same other another again " +
    "bit bits x y do does done up down as has have having of"
  ).split(" "),
);
