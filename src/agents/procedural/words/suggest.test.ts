import { describe, expect, it } from "vitest";
import { proceduralDrivers } from "../driver.js";
import { editDistance, nearestSubjects, suggestSubjects } from "./suggest.js";

const env = { secret: () => undefined, fetch, log: { warn() {}, info() {} } };
const driver = (name: string) => proceduralDrivers.find((d) => d.name === name)!.create({}, env);
const known = ["dragon", "potion", "skeleton", "sword", "shield", "slime", "star", "axe", "bow", "knight", "coin", "chest", "gem"];

describe("suggestions: the known subjects nearest to a word the agent did not know", () => {
  it("measures edits with transpositions counted once", () => {
    expect(editDistance("sword", "sword")).toBe(0);
    expect(editDistance("swrod", "sword")).toBe(1);
    expect(editDistance("dragn", "dragon")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it.each([
    ["dragn", ["dragon"]],
    ["potoin", ["potion"]],
    ["skeletn", ["skeleton"]],
    ["swrods", ["sword"]],
    ["dragonfly", ["dragon"]],
    ["skel", ["skeleton"]],
    ["weapon", ["sword", "axe", "bow"]],
    ["treasure", ["chest", "coin", "gem"]],
  ])("%s → %j", (word, expected) => {
    expect(nearestSubjects(word, known)).toEqual(expected);
  });

  it("suggests nothing for a word near no subject, nor a short word by edits alone", () => {
    expect(nearestSubjects("bubbling", known)).toEqual([]);
    expect(nearestSubjects("cat", ["car", "bat", "hat"])).toEqual([]);
    expect(suggestSubjects(["bubbling", "dragn"], known)).toEqual([{ word: "dragn", subjects: ["dragon"] }]);
  });

  it("offers only subjects the agent knows, at most three a word", () => {
    expect(nearestSubjects("weapon", ["axe"])).toEqual(["axe"]);
    for (const s of suggestSubjects(["weapon", "treasure", "dragn", "skel"], known)) expect(s.subjects.length).toBeLessThanOrEqual(3);
  });

  it("comes with a procedural agent's fallback, never when it understood", () => {
    const sprite = driver("procedural-sprite");
    expect(sprite.interpret!({ prompt: "a red dragn" })).toMatchObject({ fallback: true, suggestions: [{ word: "dragn", subjects: ["dragon", "dragonfly"] }] });
    expect(sprite.interpret!({ prompt: "a red dragon" }).suggestions).toBeUndefined();
    expect(sprite.interpret!({ prompt: "a knight with a swrod" }).suggestions).toBeUndefined();
    // every suggested subject is one the agent knows and draws
    const texture = driver("procedural-texture");
    const i = texture.interpret!({ prompt: "brik" });
    expect(i.fallback).toBe(true);
    for (const s of i.suggestions ?? []) for (const subject of s.subjects) expect(texture.knows!().subjects).toContain(subject);
  });
});
