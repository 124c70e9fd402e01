import { describe, expect, it } from "vitest";
import { knowledgeReady, proceduralDrivers, warmKnowledge } from "./driver.js";
import { readers } from "./readers.js";
import { probeKnowledge } from "./words/knows.js";

describe("what the procedural agents know, worked out off the event loop", () => {
  it("is ready after warmKnowledge (its thread did the readings) and equals what this thread works out", async () => {
    expect(knowledgeReady("procedural-icon")).toBe(false);
    await warmKnowledge();
    for (const name of ["procedural-sprite", "procedural-icon", "procedural-texture"] as const) expect(knowledgeReady(name)).toBe(true);
    const icon = proceduralDrivers.find((k) => k.name === "procedural-icon")!.create({}, undefined as never);
    expect(icon.knows!()).toEqual(probeKnowledge(readers["procedural-icon"]));
    expect(icon.knownSubjects!()).toEqual(probeKnowledge(readers["procedural-icon"]).subjects);
  }, 120_000);
});
