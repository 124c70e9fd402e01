/**
 * Compound nouns: phrases whose words together name one subject the agents know under another
 * name ("palm tree" is a palm, "throwing star" a shuriken, "log cabin wall" a log wall). The
 * prompt reader joins each phrase into that one word before reading, so its words are neither
 * read apart ("throwing" ignored, "star" drawn as a star) nor left to vanish: the word stands for
 * the whole phrase, drawn or reported. Only phrases whose parts say the same thing twice, or whose
 * meaning is one known subject, are here.
 */

/** Phrase (a regular expression over normalised text) → the word that names it. */
const COMPOUNDS: readonly (readonly [RegExp, string])[] = [
  [/\bpalm trees?\b/g, "palm"],
  [/\bpine trees?\b/g, "conifer"],
  [/\bthrowing stars?\b/g, "shuriken"],
  [/\bkey[\s-]cards?\b/g, "keycard"],
  [/\bfrying[\s-]pans?\b/g, "pan"],
  [/\bextra[\s-]li(fe|ves)\b/g, "life"],
  [/\bheart[\s-]containers?\b/g, "heart"],
  [/\bcabin[\s-]boys?\b/g, "sailor"],
  [/\blog[\s-]cabins?\b/g, "log"],
  [/\b(village|town|market)[\s-]squares?\b/g, "plaza"],
  [/\bmid[\s-]?(jump|jumping|leap)\b/g, "jumping"],
  [/\bcovered (in|with|by) snow\b|\bsnow[\s-]covered\b/g, "snowcovered"],
  [/\bbarnacles?[\s-]covered\b|\bcovered (in|with) barnacles\b/g, "barnacled"],
  [/\b(cannon|gun) turrets?\b/g, "cannon"],
  [/\bjolly[\s-]roger\b/g, "black skull"],
  [/\bfresh(ly fallen)? snow\b/g, "pristine snow"],
  [/\b(iron|metal|steel|jail|prison|cell) bars\b/g, "iron grille"],
  [/\bship'?s?[\s-]cannons?\b/g, "cannon"],
  // sprite objects and trades (sprites/items/objects.ts, words/subjects/objects.ts and trades.ts)
  // an airship's deck, hull or sails are a ship's (a texture of its planks)
  [/\b(airship|zeppelin|skyship)'?s? (decks?|hulls?|planks?|sails?)\b/g, "ship $2"],
  [/\barmou?red (airships?|zeppelins?|blimps?|dirigibles?|locomotives?|trains?|stagecoach(es)?|cars?|rovers?|submarines?|carriages?)\b/g, "iron $1"],
  [/\bsteam (locomotives?|trains?|engines?)\b|\b(train|railroad|railway) engines?\b/g, "locomotive"],
  [/\bcovered wagons?\b|\bprairie schooners?\b|\bchuck ?wagons?\b/g, "coveredwagon"],
  [/\b(mine|ore) ?carts?\b/g, "minecart"],
  [/\b(lunar|moon|mars|planetary) (rovers?|buggy|buggies)\b/g, "rover"],
  [/\bhot[\s-]air balloons?\b/g, "balloon"],
  [/\b(airship|zeppelin|blimp|dirigible)s? with (an? |the )?(([a-z]+) )?(balloon|envelope|gasbag)s?\b/g, "$4 airship"],
  [/\b(escape|cryo|drop|landing|life) pods?\b/g, "pod"],
  [
    /\b(drones? with (an? |the )?(spot|search|flood)?lights?|(camera|spy|surveillance|delivery|security|scout|recon|patrol|combat|survey|cargo) drones?)\b/g,
    "quadcopter",
  ],
  [/\bdog ?sleds?\b|\bsled dogs? team\b/g, "sled"],
  [/\bwindmill (water )?pumps?\b|\bwind ?pumps?\b/g, "windpump"],
  [/\b(water|hand|well) pumps?\b/g, "pump"],
  [/\b(drilling|drill|oil|mining) rigs?\b|\boil derricks?\b/g, "derrick"],
  [/\b(oxygen|power|diesel|electric|backup|steam|fusion) generators?\b/g, "generator"],
  [/\b(satellite|radar) dish(es)?\b|\bdish antennas?\b/g, "satellitedish"],
  [/\b(security|sentry|laser|auto|automated|defen[cs]e|plasma|robotic|missile) turrets?\b|\bsentry guns?\b/g, "sentrygun"],
  [/\b(charging|docking|recharging) (docks?|stations?|pads?|ports?)\b/g, "charger"],
  [/\b(cider|wine|apple|grape|fruit|olive) press(es)?\b/g, "press"],
  [/\b(computer|control|command) (terminals?|consoles?|panels?)\b/g, "terminal"],
  [/\b(street|gas) ?(lamps?|lights?)\b|\blamp ?posts?\b/g, "lamppost"],
  [/\bwater towers?\b/g, "watertower"],
  [/\bbell ?towers?\b/g, "belltower"],
  [/\btorii( gates?)?\b/g, "torii"],
  [/\bcircus tents?\b|\bbig ?tops?\b/g, "bigtop"],
  [/\b(moon|lunar|mars|space|colony) (bases?|domes?|habitats?)\b|\bhabitat (domes?|modules?)\b/g, "habitat"],
  [/\bstilt (huts?|houses?)\b|\bhuts? on stilts\b/g, "stilthut"],
  [/\b(general|country|village) stores?\b|\btrading posts?\b/g, "storefront"],
  [/\bsheriff'?s? office\b/g, "jail"],
  [/\b(coffee|tea) ?(pots?|kettles?)\b/g, "teapot"],
  [/\b(stacks?|piles?|heaps?) of (cargo |wooden |supply )?(crates|boxes)\b|\bstacked (cargo )?crates\b|\bcrate stacks?\b/g, "cratestack"],
  [/\b(cargo|supply|shipping) (crates?|boxes)\b/g, "crate"],
  [/\bfence ?posts?\b/g, "fence"],
  [/\bbehind (the )?bars\b|\bin (an? |the )?(jail|prison) cells?\b/g, "bars"],
  [/\bcrow'?s?[\s-]nests?\b/g, "crowsnest"],
  [/\bsolar (panels?|arrays?)\b/g, "solarpanel"],
  [/\browing ?boats?\b/g, "rowboat"],
  [/\bwood(en)? stoves?\b|\bpot[\s-]?belly stoves?\b|\biron stoves?\b/g, "stove"],
  [
    /\b(crates?|box(es)?|supply drops?|packages?|cargo)( falling| dropping| floating| descending)? (with|on|under|hanging from) (an? |the )?parachutes?\b/g,
    "parachute",
  ],
  [/\b(brewing|brew) (kettles?|vats?)\b/g, "cauldron"],
  [/\b(straw )?(bee)?hive skeps?\b|\bstraw (bee)?hives?\b|\bstraw skeps?\b/g, "beehive"],
  [/\bship'?s? figureheads?\b/g, "figurehead"],
  [/\b(deep[\s-]sea|pearl|sponge|scuba) divers?\b/g, "diver"],
  [/\b(harbou?r|dock|port) ?masters?\b/g, "harbormaster"],
  [/\bchimney ?sweeps?\b/g, "chimneysweep"],
  [/\bpiano (players?|m[ae]n)\b/g, "pianist"],
  [/\bshrine maidens?\b/g, "miko"],
  [/\blion tamers?\b/g, "liontamer"],
  [/\bfortune ?tellers?\b/g, "fortuneteller"],
  [/\b(trapeze|circus) artists?\b|\btightrope walkers?\b|\bknife throwers?\b/g, "acrobat"],
  [/\bstrong ?m[ae]n\b/g, "strongman"],
  [/\b(train|railroad|railway) conductors?\b|\bstation ?masters?\b/g, "conductor"],
  [/\blamp ?lighters?\b/g, "lamplighter"],
  [/\bnews ?boys?\b|\bpaper ?boys?\b/g, "newsboy"],
  [/\bdog ?sled (drivers?|racers?)\b|\bsled drivers?\b/g, "musher"],
  [/\bsecurity (guards?|officers?)\b/g, "guard"],
];

/** The text with every known compound joined into its word. */
export function joinCompounds(text: string): string {
  let out = text;
  for (const [phrase, word] of COMPOUNDS) out = out.replace(phrase, word);
  return out;
}
