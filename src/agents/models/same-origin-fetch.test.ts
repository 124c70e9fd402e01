import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpDouble, type HttpDouble } from "../../../test/doubles/http-double.js";
import { AgentError } from "../driver.js";
import { sameOriginFetch } from "./same-origin-fetch.js";

let server: HttpDouble;
let other: HttpDouble;
const redirect = (location: string, status: number) => ({ kind: "raw" as const, status, body: "", headers: { location } });

beforeAll(async () => {
  other = await startHttpDouble(() => ({ kind: "json", body: { where: "other" } }));
  server = await startHttpDouble((req) => {
    if (req.path === "/to-other") return redirect(`${other.origin}/x`, 307);
    if (req.path === "/loop") return redirect("/loop", 302);
    if (req.path === "/moved") return redirect("/final", 308);
    if (req.path === "/see-other") return redirect("/final", 303);
    return { kind: "json", body: { method: req.method, body: req.text } };
  });
});
afterAll(async () => {
  await Promise.all([server.close(), other.close()]);
});

describe("sameOriginFetch", () => {
  const fetch = sameOriginFetch(globalThis.fetch);

  it("follows a redirect within the origin: 307/308 with the method and body, 303 as a GET", async () => {
    expect(await (await fetch(`${server.origin}/moved`, { method: "POST", body: "hello" })).json()).toEqual({ method: "POST", body: "hello" });
    expect(await (await fetch(`${server.origin}/see-other`, { method: "POST", body: "hello" })).json()).toEqual({ method: "GET", body: "" });
  });

  it("never follows one to another origin: the other server sees nothing", async () => {
    const seen = other.requests.length;
    const error = await fetch(`${server.origin}/to-other`, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ kind: "unavailable", message: expect.stringContaining("another origin") });
    expect(other.requests.length).toBe(seen);
  });

  it("gives up after three redirects", async () => {
    const seen = server.requests.length;
    await expect(fetch(`${server.origin}/loop`)).rejects.toMatchObject({ kind: "unavailable", message: expect.stringContaining("more than 3") });
    expect(server.requests.length - seen).toBe(4);
  });
});
