import { describe, expect, it } from "vitest";
import { guardDocument, parseGuarded, type ResponseLimits } from "./guard.js";

const response: ResponseLimits = { maxResponseBytes: 32 * 1024 * 1024, inlineB64MaxBytes: 4 * 1024 * 1024 };
const refusals = (source: string, limits: ResponseLimits | undefined = response) => guardDocument(parseGuarded(source), limits);
const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: generation(id: "gen_x") { assets { b64 } }`).join(" ");

describe("the GraphQL guard counts b64 by its size", () => {
  it("lets one generation's b64 through, and as many as fit the answer's limit", () => {
    expect(refusals('{ generation(id: "gen_x") { assets { id b64 } } }')).toEqual([]);
    // base64 of 4 MiB is 5.59 MB: five fit in 32 MB, six do not
    expect(refusals(`{ ${aliases(5)} }`)).toEqual([]);
    const [error] = refusals(`query Big { ${aliases(6)} }`);
    expect(error?.extensions).toMatchObject({ code: "query_too_large", details: { maxBytes: 33554432, estimatedBytes: 6 * 5592408 } });
    expect(error?.message).toBe(
      "Operation Big could answer up to 32 MB (6 b64 fields of up to 5.3 MB each); at most 32 MB. Ask for b64 once per query, or fetch the asset's url (streamed).",
    );
  });

  it("counts a fragment as many times as it is spread", () => {
    const source = `fragment F on Generation { assets { b64 } } { ${Array.from({ length: 7 }, (_, i) => `g${i}: generation(id: "gen_x") { ...F }`).join(" ")} }`;
    expect(refusals(source)[0]?.extensions?.code).toBe("query_too_large");
  });

  it("does not count b64 under a page of a list, where it is always null", () => {
    expect(refusals("{ generations(first: 100) { nodes { assets { b64 } } } }")).toEqual([]);
  });

  it("follows the configured limits", () => {
    const small = { maxResponseBytes: 1024 * 1024, inlineB64MaxBytes: 1024 * 1024 };
    expect(refusals('{ generation(id: "gen_x") { assets { b64 } } }', small)[0]?.extensions?.code).toBe("query_too_large");
    expect(guardDocument(parseGuarded(`{ ${aliases(12)} }`)).map((e) => e.extensions?.code)).not.toContain("query_too_large");
  });
});
