/** Characters: people by class, race and trade, and humanoid foes. Drawn by the sprite agent. */
import type { SubjectTable } from "./subject-table.js";

export const CHARACTER_SUBJECTS: SubjectTable = {
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
};
