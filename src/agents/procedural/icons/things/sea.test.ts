import { describe, expect, it } from "vitest";
import { seedsChanged } from "../../../../../test/support/icon-words.js";
import { seedRange } from "../../../../../test/support/seed-range.js";
import { interpretIcon } from "../reading.js";
import { interpretPrompt } from "../../words/prompt.js";

const read = (prompt: string) => interpretIcon(interpretPrompt({ prompt }));

describe("icons of kit, the sea, the farm and their words", () => {
  it.each([
    ["calendar page", "calendar", ["page"]],
    ["white medkit", "medkit", []],
    ["first aid kit", "medkit", []],
    ["red keycard", "keycard", []],
    ["ammo clip", "ammo", []],
    ["bullets", "ammo", []],
    ["green radar screen", "radar", []],
    ["oxygen tank", "canister", []],
    ["circuit chip", "microchip", []],
    ["cpu", "microchip", []],
    ["power button", "shutdown", []],
    ["spyglass", "spyglass", []],
    ["brass telescope", "spyglass", []],
    ["iron cannonball", "cannonball", []],
    ["gold doubloon", "coin", []],
    ["white pearl", "pearl", []],
    ["pearl in a shell", "pearl", []],
    ["coconut", "coconut", []],
    ["ship anchor", "anchor", []],
    ["iron hook hand", "hook", []],
    ["tricorn pirate hat", "hat", []],
    ["straw hat", "hat", []],
    ["cowboy hat", "hat", []],
    ["wizard hat", "wizard hat", []],
    ["skull and crossbones flag", "flag", []],
    ["turnip seed packet", "packet", []],
    ["wicker basket of eggs", "basket", []],
    ["rocket jetpack", "jetpack", []],
    ["slice of apple pie", "pie", []],
    ["strawberry cake slice", "cake", []],
    ["watermelon slice", "watermelon", []],
    ["whole watermelon", "watermelon", []],
    ["rolled spell scroll", "scroll", []],
    ["coiled rope", "rope", []],
    ["laser pistol", "gun", []],
    ["flintlock pistol", "gun", []],
    ["plasma grenade", "bomb", []],
    ["black bomb with fuse", "bomb", []],
    ["brass compass", "compass", []],
    ["tin watering can", "wateringcan", []],
    ["bamboo fishing rod", "rod", []],
    ["wicker chair", "chair", []],
    ["beetroot", "turnip", []],
    ["parchment dungeon map", "map", []],
    ["iron hoe", "hoe", []],
    ["stone bricks", "brick", []],
    ["four-leaf clover", "clover", []],
    ["fried egg", "egg", []],
    ["battle axe", "axe", []],
    ["curved dagger", "dagger", []],
    ["bandage roll", "bandage", []],
    ["radiation warning symbol", "warning", []],
    ["ice shard", "gem", []],
    ["lockpick set", "lockpick", []],
    ["pair of boots", "boot", []],
    ["gun ammo", "ammo", []],
    ["ammo crate", "ammo", []],
    ["rum bottle", "potion", []],
    ["red spotted mushroom", "mushroom", []],
    ["open treasure chest", "chest", []],
    ["rolled treasure map", "map", []],
  ] as const)("reads %s as %s", (prompt, subject, ignored) => {
    const i = read(prompt);
    expect(i).toMatchObject({ subject, fallback: false });
    expect(i.ignored).toEqual(ignored);
  });

  it("draws what it names besides the subject as a modifier: the screen, the surface material, the contents", () => {
    expect(read("green radar screen").modifiers).toContain("screen");
    expect(read("bamboo fishing rod").modifiers).toContain("bamboo");
    expect(read("straw hat").modifiers).toContain("hay");
    expect(read("wicker basket of eggs").modifiers).toEqual(["egg", "wicker"]);
    expect(read("turnip seed packet").modifiers).toEqual(["turnip"]);
    expect(read("skull and crossbones flag").modifiers).toEqual(["crossbones"]);
    expect(read("slice of apple pie").modifiers).toContain("slice");
    expect(read("brass compass").modifiers).toContain("brass");
  });

  it("reads words of quantity only where the subject draws copies, and keeps an arrow's own bundle", () => {
    expect(read("lockpick set").modifiers).toContain("set");
    expect(read("bundle of arrows").modifiers).toContain("bundle");
    expect(read("set").fallback).toBe(true);
  });

  it("draws the power symbol for power alone, and leaves the word ignored beside another subject", () => {
    expect(read("power")).toMatchObject({ subject: "shutdown", ignored: [] });
    expect(read("power armor")).toMatchObject({ subject: "armor" });
    expect(read("power armor").ignored).toContain("power");
  });

  it.each([
    ["apple pie", "slice of apple pie"],
    ["cake", "cake slice"],
    ["watermelon", "whole watermelon"],
    ["scroll", "rolled scroll"],
    ["rope", "coiled rope"],
    ["pistol", "laser pistol"],
    ["pistol", "flintlock pistol"],
    ["grenade", "plasma grenade"],
    ["bomb", "bomb with fuse"],
    ["radar", "radar screen"],
    ["chip", "circuit chip"],
    ["compass", "brass compass"],
    ["watering can", "tin watering can"],
    ["fishing rod", "bamboo fishing rod"],
    ["hat", "straw hat"],
    ["hat", "tricorn"],
    ["flag", "skull flag"],
    ["basket", "basket of apples"],
    ["axe", "battle axe"],
    ["dagger", "curved dagger"],
    ["bandage", "bandage roll"],
    ["egg", "fried egg"],
    ["warning", "radiation warning"],
    ["clover", "four-leaf clover"],
    ["hoe", "iron hoe"],
    ["lockpick", "lockpick set"],
    ["potion", "three potions"],
    ["chest", "open chest"],
    ["bottle", "rum bottle"],
    ["mushroom", "spotted mushroom"],
    ["map", "rolled map"],
    ["cannonball", "stack of cannonballs"],
    ["coconut", "coconut half"],
  ])("changes the drawing of %s for %s", async (plain, variant) => {
    expect(await seedsChanged("icon", `${plain}, no badge`, `${variant}, no badge`)).toBeGreaterThanOrEqual(2);
  });

  it("varies with the seed: eight seeds differ in a good share of their pixels", async () => {
    for (const prompt of ["anchor, no badge", "hat, no badge", "ammo, no badge", "medkit, no badge", "calendar, no badge", "coconut, no badge"]) {
      expect(await seedRange("icon", prompt), prompt).toBeGreaterThan(0.25);
    }
  });
});
