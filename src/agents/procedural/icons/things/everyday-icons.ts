/**
 * The everyday things' registry (issue 39): new shapes (everyday.ts, everyday-more.ts), containers
 * that show what they hold (contents.ts) and known things that read more words (everyday-variants.ts).
 * Registered after every other family, so a wrapped thing replaces its plain shape under the same name.
 */
import type { IconShape } from "../parts.js";
import { barrel, crate } from "./props.js";
import { bag, bucket, pot } from "./containers.js";
import { canister, radar } from "./tech.js";
import { boot } from "../gear/armour.js";
import { gun } from "../gear/firearms.js";
import { ore } from "../gear/resources.js";
import { gem } from "../symbols.js";
import { rock } from "./sky.js";
import { pinecone } from "./seeds.js";
import { bread, cheese } from "./food.js";
import { candle } from "./lights.js";
import { mug } from "./treats.js";
import { harpoon } from "./long-tail.js";
import { pearl } from "./sea.js";
import { packet } from "./farm.js";
import { milk } from "./fruit.js";
import { holding } from "./contents.js";
import { balloon, cutlery, dice, inkwell, lightbulb, magnet, moonRock, nail, pill, syringe, umbrella } from "./everyday-kit.js";
import { detail, line, poly } from "./kit.js";
import { ellipse } from "../../kit/geometry.js";
import { cards, gauge, goggles, horseshoe, poster, scissors, ticket, waxSeal } from "./everyday.js";
import { cell, divingHelmet, drill, herbs, honeycomb, mortar, scraper, screwdriver, seaweed, shipWheel, tumbler } from "./everyday-more.js";
import { barbed, burnedDown, cheeseWheel, frothy, grained, openShell, pearlGrip, pinged, spurred, tagged } from "./everyday-variants.js";

/** A space ration: a foil packet with a fork and spoon on it. */
const ration: IconShape = {
  ...packet,
  primary: "silver",
  secondary: "grey",
  build: (rng, _e, words) => [
    ...packet.build(rng, true, words),
    line(poly(0.44, 0.4, 0.44, 0.66), "dark", 0.025),
    line(poly(0.41, 0.4, 0.41, 0.48, 0.47, 0.48, 0.47, 0.4), "dark", 0.015),
    detail(ellipse(0.57, 0.45, 0.035, 0.055), "dark"),
    line(poly(0.57, 0.48, 0.57, 0.66), "dark", 0.025),
  ],
};

export const EVERYDAY_ICONS: readonly (readonly [string, IconShape])[] = [
  ["gauge", gauge],
  ["scissors", scissors],
  ["horseshoe", horseshoe],
  ["ticket", ticket],
  ["poster", poster],
  ["cards", cards],
  ["goggles", goggles],
  ["waxseal", waxSeal],
  ["mortar", mortar],
  ["screwdriver", screwdriver],
  ["scraper", scraper],
  ["dice", dice],
  ["syringe", syringe],
  ["pill", pill],
  ["magnet", magnet],
  ["lightbulb", lightbulb],
  ["balloon", balloon],
  ["umbrella", umbrella],
  ["nail", nail],
  ["cutlery", cutlery],
  ["inkwell", inkwell],
  ["moonrock", tagged(moonRock(rock))],
  ["drill", drill],
  ["cell", cell],
  ["tumbler", tumbler],
  ["seaweed", seaweed],
  ["herbs", herbs],
  ["divinghelmet", divingHelmet],
  ["shipwheel", shipWheel],
  // "honeycomb" is the word of the hexagonal tile surface: drawn as an icon, a honeycomb
  ["hextile", honeycomb],
  // a hops cone is a green, papery cone; space rations come in a foil packet
  ["hops", { ...pinecone, primary: "lime", secondary: "green" }],
  ["ration", ration],
  // containers showing their contents ("sack of flour", "gunpowder keg", "fuel canister")
  ["barrel", holding(barrel)],
  ["crate", holding(crate)],
  ["bag", holding(bag)],
  ["bucket", holding(bucket)],
  ["pot", holding(pot)],
  ["canister", holding(canister)],
  // known things reading more words
  ["boot", spurred(boot)],
  ["gun", pearlGrip(gun)],
  ["radar", pinged(radar)],
  ["ore", tagged(ore)],
  ["gem", tagged(gem)],
  ["rock", tagged(rock)],
  ["bread", grained(bread)],
  ["cheese", cheeseWheel(cheese)],
  ["candle", burnedDown(candle)],
  ["mug", frothy(mug)],
  ["harpoon", barbed(harpoon)],
  ["pearl", openShell(pearl)],
  // a clay jug is a pot of clay, not a glass jug of milk
  ["milk", { ...milk, build: (rng, e, words) => (words?.has("clay") ? pot.build(rng, e, words) : milk.build(rng, e, words)) }],
];
