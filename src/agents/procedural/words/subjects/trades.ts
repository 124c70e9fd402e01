/**
 * Trades and roles game lists name, beyond the classes of characters.ts: each drawn by a recipe of
 * its own (sprites/characters/recipes-trades.ts; TRADE_SUBJECTS, part of the characters) or as the
 * broader character it `isA` (ROLE_SUBJECTS), holding its `holds` when the prompt names nothing. An animal that stands takes any of them ("otter ferryman").
 */
import type { SubjectTable } from "./table.js";

export const TRADE_SUBJECTS: SubjectTable = {
  // the sea and the harbour
  diver: { words: "divers frogman frogmen", isA: "sailor", holds: ["harpoon"] },
  harbormaster: { words: "harbourmaster dockmaster portmaster admiral commodore skipper", isA: "sailor", holds: ["spyglass"] },
  navigator: { words: "navigators cartographer mapmaker", isA: "sailor", holds: ["map"] },
  lookout: { words: "lookouts", isA: "sailor", holds: ["spyglass"] },
  stowaway: { words: "stowaways urchin orphan", isA: "villager", holds: ["bag"] },
  // the cloister
  abbot: { words: "abbots abbess prior", isA: "monk", holds: ["staff"] },
  friar: { words: "friars", isA: "monk", holds: ["book"] },
  nun: { words: "nuns sister", isA: "cleric", holds: ["book"] },
  herbalist: { words: "herbalists", isA: "alchemist", holds: ["sprout"] },
  brewer: { words: "brewers brewmaster vintner winemaker cellarer distiller", isA: "villager", holds: ["mug"] },
  // the Wild West and the town
  prospector: { words: "prospectors panhandler", isA: "miner", holds: ["pickaxe"] },
  undertaker: { words: "undertakers mortician gravedigger", isA: "villager", holds: ["shovel"] },
  pianist: { words: "pianists", isA: "bard", holds: [] },
  gentleman: { words: "gentlemen aristocrat nobleman noble banker gambler dandy", isA: "villager", holds: [] },
  butler: { words: "butlers valet", isA: "villager", holds: [] },
  maid: { words: "maids housemaid maidservant governess nanny", isA: "woman", holds: [] },
  chimneysweep: { words: "", isA: "villager", holds: [] },
  newsboy: { words: "newsboys paperboy newsie", isA: "child", holds: ["book"] },
  conductor: { words: "conductors stationmaster porter", isA: "villager", holds: [] },
  child: { words: "children kid kids toddler youngster youngsters", isA: "villager", holds: [] },
  // the circus
  ringmaster: { words: "ringmasters showman", isA: "villager", holds: [] },
  acrobat: { words: "acrobats gymnast aerialist juggler", isA: "villager", holds: [] },
  strongman: { words: "strongmen wrestler", isA: "barbarian", holds: [] },
  fortuneteller: { words: "seer oracle mystic psychic clairvoyant", isA: "witch", holds: ["orb"] },
  // Japan
  geisha: { words: "geishas maiko", isA: "woman", holds: [] },
  miko: { words: "", isA: "cleric", holds: [] },
  ronin: { words: "wanderingsamurai", isA: "samurai", holds: ["sword"] },
  // the cold, the sky and space
  musher: { words: "mushers", isA: "explorer", holds: [] },
  aviator: { words: "aviators aviatrix pilot pilots airman", isA: "explorer", holds: [] },
  scavenger: { words: "scavengers salvager looter ragpicker junker", isA: "nomad", holds: ["bag"] },
};

/** Trades drawn as the broader character they are, holding their own things (no recipe of their own). */
export const ROLE_SUBJECTS: SubjectTable = {
  helmsman: { words: "helmsmen steersman coxswain", isA: "sailor", holds: ["wheel"] },
  quartermaster: { words: "quartermasters purser bosun boatswain", isA: "sailor", holds: ["book"] },
  ferryman: { words: "ferrymen boatman boatmen gondolier", isA: "sailor", holds: ["staff"] },
  beekeeper: { words: "beekeepers apiarist", isA: "farmer", holds: ["beehive"] },
  shepherd: { words: "shepherds shepherdess herdsman goatherd", isA: "villager", holds: ["staff"] },
  lamplighter: { words: "lamplighters", isA: "villager", holds: ["staff"] },
  carpenter: { words: "carpenters joiner woodworker builder mason stonemason", isA: "villager", holds: ["hammer"] },
  butcher: { words: "butchers", isA: "chef", holds: ["axe"] },
  liontamer: { words: "tamer", isA: "ringmaster", holds: [] },
};
