/** Figures: characters (by class, race and trade) and creatures. Drawn by the sprite agent. */
import type { SubjectTable } from "./subject-table.js";

export const FIGURE_SUBJECTS: SubjectTable = {
  knight: { words: "paladin armored armoured" },
  warrior: { words: "soldier barbarian viking gladiator" },
  wizard: { words: "mage witch sorcerer sorceress warlock necromancer priest cleric druid shaman" },
  hero: { words: "adventurer player character person man woman boy girl villager human elf", generic: true },
  archer: { words: "bowman ranger hunter" },
  king: { words: "queen prince princess royal emperor" },
  ninja: { words: "rogue thief assassin hooded" },
  robot: { words: "android mech cyborg droid golem automaton" },
  skeleton: { words: "undead lich" },
  zombie: { words: "ghoul" },
  goblin: { words: "orc troll imp" },
  dragon: { words: "wyvern drake wyrm dragonling" },
  slime: { words: "blob ooze jelly goo gelatinous" },
  ghost: { words: "spirit phantom specter spectre wraith spook" },
  bat: { words: "vampire" },
  spider: { words: "arachnid tarantula" },
  insect: { words: "bug beetle ant bee" },
  bird: { words: "eagle owl crow raven phoenix chicken" },
  beast: { words: "wolf dog cat fox bear lion tiger animal", generic: true },
  monster: { words: "creature enemy mob critter alien invader demon devil beholder", generic: true },
  ship: { words: "spaceship starship spacecraft rocket jet plane ufo airship" },
};
