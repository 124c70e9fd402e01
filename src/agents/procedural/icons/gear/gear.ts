/** Icon shapes of gear: weapons, armour, tools, consumables, resources, UI symbols (subject → shape). */
import { dagger, katana, scythe, spear, trident } from "./blades.js";
import { club, flail, hammer, mace, pickaxe, staff, wand } from "./blunt.js";
import { bomb, cannon, gun, rifle } from "./firearms.js";
import { arrow, boomerang, crossbow, quiver, shuriken, slingshot } from "./ranged.js";
import { armor, boot, bracer, gauntlet, greaves, helmet } from "./armour.js";
import { amulet, belt, cloak, ring } from "./wearables.js";
import { bandage, book, elixir, lockpick, map, rod, rope, saw, shovel, wrench } from "./tools.js";
import { coinOrPile, coins, ingot, log, ore, plank, pouch, stoneBlock } from "./resources.js";
import { checkmark, cross, download, help, info, menu, minus, pause, play, plus, refresh, search, stop, warning } from "./ui.js";
import { battery, bell, chat, eye, gear, hand, home, lock, mail, music, pin, save, speaker, trash, user, wifi } from "./ui-objects.js";
import { clock, flag, hourglass, trophy } from "./ui-time.js";
import { backpack, cart, compass, crosshair, exit, gamepad, hoe, medal, podium, power } from "./extra.js";
import { potion } from "./potion.js";
import { microphone, pencil, pitchfork, wateringcan } from "./more.js";
import type { IconShape } from "../parts.js";
import { coilable, rollable } from "../things/states.js";
import { scroll } from "./classics.js";
import { calendar, canister, keycard, medkit, microchip, radar } from "../things/tech.js";
import { cannonball } from "../things/sea.js";

export const GEAR_ICONS: ReadonlyMap<string, IconShape> = new Map<string, IconShape>([
  ["dagger", dagger],
  ["katana", katana],
  ["spear", spear],
  ["trident", trident],
  ["scythe", scythe],
  ["mace", mace],
  ["club", club],
  ["flail", flail],
  ["hammer", hammer],
  ["pickaxe", pickaxe],
  ["staff", staff],
  ["wand", wand],
  ["crossbow", crossbow],
  ["arrow", arrow],
  ["back", arrow],
  ["next", arrow],
  ["quiver", quiver],
  ["shuriken", shuriken],
  ["bomb", bomb],
  ["gun", gun],
  ["rifle", rifle],
  ["cannon", cannon],
  ["slingshot", slingshot],
  ["boomerang", boomerang],
  ["helmet", helmet],
  ["armor", armor],
  ["gauntlet", gauntlet],
  ["boot", boot],
  ["greaves", greaves],
  ["bracer", bracer],
  ["cloak", cloak],
  ["belt", belt],
  ["ring", ring],
  ["amulet", amulet],
  ["shovel", shovel],
  ["rod", rod],
  ["wrench", wrench],
  ["saw", saw],
  ["lockpick", lockpick],
  // coiled, or hanging knotted on some seeds
  ["rope", coilable(rope)],
  ["bandage", bandage],
  ["book", book],
  ["map", rollable(map, true)],
  // open, or rolled shut and sealed ("rolled spell scroll")
  ["scroll", rollable(scroll)],
  ["elixir", elixir],
  // replaces the first potion drawing: six bottle shapes, three stoppers
  ["potion", potion],
  ["pouch", pouch],
  ["coins", coins],
  // the coin reads "pile", "stack": then it draws stacks of coins
  ["coin", coinOrPile],
  ["ingot", ingot],
  ["ore", ore],
  // resources named by surface subjects: a log of wood, a plank, a block of stone
  ["wood", log],
  ["plank", plank],
  ["stone", stoneBlock],
  // UI symbols
  ["checkmark", checkmark],
  ["cross", cross],
  ["plus", plus],
  ["minus", minus],
  ["play", play],
  ["pause", pause],
  ["stop", stop],
  ["menu", menu],
  ["refresh", refresh],
  ["download", download],
  ["upload", download],
  ["search", search],
  ["info", info],
  ["help", help],
  ["warning", warning],
  ["gear", gear],
  ["home", home],
  ["speaker", speaker],
  ["mute", speaker],
  ["music", music],
  ["lock", lock],
  ["unlock", lock],
  ["trash", trash],
  ["save", save],
  ["bell", bell],
  ["mail", mail],
  ["chat", chat],
  ["user", user],
  ["battery", battery],
  ["wifi", wifi],
  ["eye", eye],
  ["hand", hand],
  ["pin", pin],
  ["hourglass", hourglass],
  ["clock", clock],
  ["trophy", trophy],
  ["flag", flag],
  ["backpack", backpack],
  ["compass", compass],
  ["hoe", hoe],
  ["crosshair", crosshair],
  ["shutdown", power],
  ["cart", cart],
  ["exit", exit],
  ["leaderboard", podium],
  ["medal", medal],
  ["gamepad", gamepad],
  ["wateringcan", wateringcan],
  ["pitchfork", pitchfork],
  ["pencil", pencil],
  ["microphone", microphone],
  // kit and tech
  ["cannonball", cannonball],
  ["calendar", calendar],
  ["medkit", medkit],
  ["keycard", keycard],
  ["radar", radar],
  ["canister", canister],
  ["microchip", microchip],
  // "circuit" is a surface: a circuit icon is a chip on its board's traces
  ["circuit", microchip],
]);
