import { describe, expect, it } from "vitest";
import { allocate, type Candidate } from "./claim.js";

const c = (id: string, account: string, standing: "proven" | "new" | "failing" = "proven", leased = 0): Candidate => ({
  id,
  account_id: account,
  leased,
  proven: standing === "proven",
  failing: standing === "failing",
});
const limits = { room: 64, unprovenRoom: 48, failingRoom: 32, accountRoom: () => 8, endpointLimit: 4 };
const dealt = (plan: Map<string, { allowed: number }>) => Object.fromEntries([...plan].map(([id, { allowed }]) => [id, allowed]));

describe("allocating a claim's slots", () => {
  it("gives an endpoint that answers up to its limit (less what is leased), a new or failing one 1", () => {
    expect(dealt(allocate([c("p", "a", "proven", 1), c("n", "b", "new"), c("f", "c", "failing")], limits))).toEqual({ p: 3, n: 1, f: 1 });
    expect(dealt(allocate([c("full", "a", "proven", 4), c("busy", "b", "new", 1)], limits))).toEqual({});
  });

  it("deals one slot per endpoint per pass, in the candidates' order, so a short room is shared", () => {
    expect(dealt(allocate([c("a1", "a"), c("b1", "b"), c("a2", "a")], { ...limits, room: 3 }))).toEqual({ a1: 1, b1: 1, a2: 1 });
    expect(dealt(allocate([c("a1", "a"), c("b1", "b")], { ...limits, room: 5 }))).toEqual({ a1: 3, b1: 2 });
    expect(dealt(allocate([c("a1", "a"), c("b1", "b"), c("c1", "c")], { ...limits, room: 2 }))).toEqual({ a1: 1, b1: 1 });
  });

  it("keeps each account within its room in this process", () => {
    const room = (account: string) => (account === "a" ? 2 : 8);
    expect(dealt(allocate([c("a1", "a"), c("a2", "a"), c("b1", "b")], { ...limits, accountRoom: room }))).toEqual({ a1: 1, a2: 1, b1: 4 });
    expect(dealt(allocate([c("a1", "a"), c("b1", "b")], { ...limits, accountRoom: (x) => (x === "a" ? 0 : 1) }))).toEqual({ b1: 1 });
  });

  it("keeps new and failing endpoints within their shares: the rest of the slots wait for endpoints that answer", () => {
    const many = [...Array(10).keys()].map((i) => c(`n${i}`, `acct${i}`, i % 2 ? "new" : "failing"));
    const plan = dealt(allocate([...many, c("p", "z")], { ...limits, unprovenRoom: 4, failingRoom: 2 }));
    expect(plan).toEqual({ n0: 1, n1: 1, n2: 1, n3: 1, p: 4 });
    expect(dealt(allocate([c("f", "a", "failing"), c("n", "b", "new")], { ...limits, failingRoom: 0 }))).toEqual({ n: 1 });
  });
});
