import { describe, expect, it } from "vitest";
import type { AgentDriver, AgentMessage, Interpretation } from "../driver.js";
import { proceduralDrivers } from "./driver.js";
import { chooseIconShapes } from "./icons/index.js";
import { pickSpriteBuilder } from "./sprites/index.js";
import { interpretPrompt } from "./words/prompt.js";
import { chooseMaterial } from "./textures/index.js";
import { FILLER_WORDS } from "./words/vocabulary.js";

const env = { secret: () => undefined, fetch, log: { warn() {}, info() {} } };
const driver = (name: string): Required<Pick<AgentDriver, "interpret" | "knownSubjects">> => {
  const created = proceduralDrivers.find((d) => d.name === name)!.create({}, env);
  if (!created.interpret || !created.knownSubjects) throw new Error(`${name} does not interpret`);
  return { interpret: created.interpret.bind(created), knownSubjects: created.knownSubjects.bind(created) };
};
const sprite = driver("procedural-sprite");
const icon = driver("procedural-icon");
const texture = driver("procedural-texture");
const all = { sprite, icon, texture };

const read = (d: typeof sprite, prompt: string): Interpretation => d.interpret({ prompt });

describe("interpret: what the procedural drivers understood", () => {
  it("names the subject, the colours and leaves out words it does not draw", () => {
    // the sprite draws the healing effect (a green accent and crosses around the potion)
    expect(read(sprite, "red health potion with a cork")).toEqual({ subject: "potion", modifiers: ["red", "healing"], ignored: ["cork"], fallback: false });
    // the icon draws the healing effect (a tint and a corner cross)
    expect(read(icon, "red health potion with a cork")).toEqual({ subject: "potion", modifiers: ["red", "healing"], ignored: ["cork"], fallback: false });
    // a texture has no potion: it falls back (the colour still applies)
    expect(read(texture, "red health potion with a cork")).toEqual({
      subject: null,
      modifiers: ["red"],
      ignored: ["potion", "healing", "cork"],
      fallback: true,
    });
  });

  it("knows which vocabulary is its own: a grass tile is a texture, not a sprite", () => {
    expect(read(texture, "grass tile")).toEqual({ subject: "grass", modifiers: ["tile"], ignored: [], fallback: false });
    expect(read(sprite, "grass tile")).toMatchObject({ subject: null, modifiers: [], ignored: ["grass", "tile"], fallback: true });
    expect(read(texture, "mossy stone brick")).toEqual({ subject: "brick", modifiers: ["stone", "mossy"], ignored: [], fallback: false });
    expect(read(texture, "stone tiles")).toMatchObject({ subject: "tile", modifiers: ["stone"], fallback: false });
  });

  it.each(Object.entries(all))("falls back on unknown words (%s)", (_name, d) => {
    expect(read(d, "zzz qqq")).toEqual({ subject: null, modifiers: [], ignored: ["zzz", "qqq"], fallback: true });
    expect(read(d, "")).toEqual({ subject: null, modifiers: [], ignored: [], fallback: true });
  });

  it("never lists filler words", () => {
    const result = read(sprite, "please make me a red potion with the cork on it, now");
    expect(result.ignored).toEqual(["cork"]);
    for (const d of Object.values(all)) {
      for (const word of read(d, "could you please draw a big shiny blue sword for my game").ignored) expect(FILLER_WORDS.has(word), word).toBe(false);
    }
  });

  it("lists the secondary items a sprite draws in its modifiers", () => {
    expect(read(sprite, "knight with a sword")).toEqual({ subject: "knight", modifiers: ["sword"], ignored: [], fallback: false });
    expect(read(sprite, "dark mage with a staff")).toEqual({ subject: "wizard", modifiers: ["dark", "staff"], ignored: [], fallback: false });
    expect(read(sprite, "warrior with a shield and an axe")).toEqual({ subject: "warrior", modifiers: ["shield", "axe"], ignored: [], fallback: false });
    expect(read(sprite, "archer with a bow")).toEqual({ subject: "archer", modifiers: ["bow"], ignored: [], fallback: false });
    expect(read(sprite, "fire mage")).toEqual({ subject: "wizard", modifiers: ["fire", "flame"], ignored: [], fallback: false });
    // two hands: a third item is not drawn; a dragon holds nothing, the sword stands beside it as a prop
    expect(read(sprite, "knight with a sword, a shield and a bow").ignored).toEqual(["bow"]);
    expect(read(sprite, "red dragon with a sword")).toEqual({ subject: "dragon", modifiers: ["red", "sword"], ignored: [], fallback: false });
    // an icon puts a second subject on the first as an emblem
    expect(read(icon, "blue shield with star")).toEqual({ subject: "shield", modifiers: ["blue", "star"], ignored: [], fallback: false });
  });

  it("reports the styles each driver honours and the ones it ignores", () => {
    expect(read(sprite, "glowing green slime without outline")).toEqual({
      subject: "slime",
      modifiers: ["green", "glowing", "no outline"],
      ignored: [],
      fallback: false,
    });
    expect(read(sprite, "cute mossy potion")).toEqual({ subject: "potion", modifiers: ["mossy"], ignored: ["cute"], fallback: false });
    expect(read(sprite, "cute slime")).toMatchObject({ modifiers: ["cute"], ignored: [] });
    expect(read(icon, "round glossy coin")).toMatchObject({ subject: "coin", modifiers: ["round", "glossy"], ignored: [] });
    expect(read(icon, "round coin, no badge")).toMatchObject({ modifiers: ["no badge"], ignored: ["round"] });
    expect(read(texture, "cracked icy stone, no badge")).toMatchObject({ subject: "stone", modifiers: ["cracked", "icy"], ignored: ["no badge"] });
    // colours beyond those a generator uses
    expect(read(texture, "red blue green stone")).toMatchObject({ modifiers: ["red", "blue"], ignored: ["green"] });
  });

  it("follows a conversation like the generators do", () => {
    const messages: AgentMessage[] = [
      { role: "user", content: "a potion" },
      { role: "assistant", content: "Here is a green potion with a cork." },
      { role: "user", content: "make it blue" },
    ];
    expect(sprite.interpret({ messages })).toEqual({ subject: "potion", modifiers: ["blue"], ignored: [], fallback: false });
    expect(icon.interpret({ messages })).toEqual({ subject: "potion", modifiers: ["blue"], ignored: [], fallback: false });
    const replaced = sprite.interpret({
      messages: [
        { role: "user", content: "red dragon" },
        { role: "user", content: "now a knight with a sword instead" },
      ],
    });
    expect(replaced).toEqual({ subject: "knight", modifiers: ["red", "sword"], ignored: [], fallback: false });
    const added = sprite.interpret({
      messages: [
        { role: "user", content: "a mage" },
        { role: "user", content: "also a staff" },
      ],
    });
    expect(added).toMatchObject({ subject: "wizard", modifiers: ["staff"] });
  });

  it("agrees with what the generators choose to draw", () => {
    for (const prompt of [
      "golden knight",
      "a leaf",
      "rocket ship",
      "green slime monster",
      "zorblax",
      "fire mage",
      "sword and shield",
      "wood planks",
      "lava",
      "gear",
      "blue shield with star",
    ]) {
      const spec = interpretPrompt({ prompt });
      const s = read(sprite, prompt);
      expect(s.subject ?? "monster", prompt).toBe(pickSpriteBuilder(spec).name);
      const i = read(icon, prompt);
      expect(i.subject, prompt).toBe(chooseIconShapes(spec).mainName ?? null);
      const t = read(texture, prompt);
      if (!t.fallback) expect(t.subject, prompt).toBe(chooseMaterial(spec).material);
    }
  });

  it.each(Object.entries(all))("lists the subjects it knows, sorted, each of which it draws (%s)", (_name, d) => {
    const subjects = d.knownSubjects();
    expect(subjects.length).toBeGreaterThan(8);
    expect(subjects).toEqual([...new Set(subjects)].sort());
    for (const subject of subjects) expect(read(d, subject).fallback, subject).toBe(false);
    // a copy: callers cannot change the driver's list
    subjects.pop();
    expect(d.knownSubjects().length).toBe(subjects.length + 1);
  });

  it("knows different subjects per driver", () => {
    expect(sprite.knownSubjects()).toEqual(expect.arrayContaining(["knight", "wizard", "dragon", "potion", "chest", "archer"]));
    expect(sprite.knownSubjects()).not.toContain("grass");
    expect(texture.knownSubjects()).toEqual(expect.arrayContaining(["grass", "stone", "brick", "tile"]));
    expect(icon.knownSubjects()).toEqual(expect.arrayContaining(["potion", "sword", "heart"]));
    expect(texture.knownSubjects()).not.toContain("checkmark");
  });
});
