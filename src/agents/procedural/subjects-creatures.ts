/** Creatures: animals, monsters and vehicles. Drawn by the sprite agent. */
import type { SubjectTable } from "./subject-table.js";

export const CREATURE_SUBJECTS: SubjectTable = {
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
