import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { generateWithKey, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, json, signUp, type TestUser } from "../support/users.js";

/** Public links (contract section 15): created by the owner, fetched by anyone until they expire, nothing leaked otherwise. */
let t: TestApp;
let alice: TestUser;
let aliceKey: string;
let bobKey: string;
let asset: GenerationBody["assets"][number];
let sheetAsset: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  alice = await signUp(t);
  aliceKey = (await createKey(t, alice, { scopes: ["read", "generate"] })).secret;
  bobKey = (await createKey(t, await signUp(t))).secret;
  asset = ((await (await generateWithKey(t, aliceKey, { prompt: "a red potion", agentId: "icon", width: 64 })).json()) as GenerationBody).assets[0]!;
  const sheet = await generateWithKey(t, aliceKey, { prompt: "a knight", width: 32, height: 32, sheet: { animations: ["idle"] } });
  sheetAsset = ((await sheet.json()) as GenerationBody).assets[0]!.id;
});
afterAll(() => t.close());

const createLink = (id: string, body?: unknown, headers: Record<string, string> = bearer(aliceKey)) =>
  t.request(`/api/v1/assets/${id}/links`, body === undefined ? { method: "POST", headers } : json(body, headers));
const path = (url: string) => new URL(url).pathname;

describe("public links", () => {
  it("the owner makes one (key or cookie, empty body = an hour); anyone fetches the bytes without a key, cacheably", async () => {
    const before = Date.now();
    const created = await createLink(asset.id);
    expect(created.status).toBe(201);
    const link = (await created.json()) as { url: string; expiresAt: string };
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/links\/ast_/);
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThan(3_590_000);
    expect(Date.parse(link.expiresAt) - before).toBeLessThanOrEqual(3_601_000);

    const owned = Buffer.from(await (await t.request(`/api/v1/assets/${asset.id}`, { headers: bearer(aliceKey) })).arrayBuffer());
    const open = await t.request(path(link.url));
    expect(open.status).toBe(200);
    expect(open.headers.get("content-type")).toBe("image/png");
    expect(open.headers.get("etag")).toBe(`"${asset.sha256}"`);
    expect(open.headers.get("cache-control")).toMatch(/^public, max-age=3[56]\d\d, immutable$/);
    expect(Buffer.from(await open.arrayBuffer()).equals(owned)).toBe(true);
    const again = await t.request(path(link.url), { headers: { "if-none-match": `"${asset.sha256}"` } });
    expect(again.status).toBe(304);

    const byCookie = await createLink(asset.id, { expiresIn: 60 }, { cookie: alice.cookie });
    expect(byCookie.status).toBe(201);
    const short = (await byCookie.json()) as { url: string; expiresAt: string };
    expect(Date.parse(short.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    expect((await t.request(path(short.url))).headers.get("cache-control")).toMatch(/^public, max-age=(59|60), immutable$/);
  });

  it("links an asset's exports too", async () => {
    const link = (await (await createLink(sheetAsset, {})).json()) as { url: string };
    const owned = await t.request(`/api/v1/assets/${sheetAsset}/export/aseprite`, { headers: bearer(aliceKey) });
    const linked = await t.request(`${path(link.url)}/export/aseprite`);
    expect(linked.status).toBe(200);
    expect(linked.headers.get("content-disposition")).toBe(owned.headers.get("content-disposition"));
    expect(await linked.text()).toBe(await owned.text());
    const wrong = await t.request(`${path(link.url)}/export/nope`);
    expect(wrong.status).toBe(404);
  });

  it("another account's asset: 404, and a bad expiresIn: 400 naming it; nothing is made", async () => {
    const bob = await createLink(asset.id, {}, bearer(bobKey));
    expect(bob.status).toBe(404);
    expect(((await bob.json()) as { error: { code: string } }).error.code).toBe("not_found");
    for (const expiresIn of [59, 604_801, 1.5, "3600"]) {
      const bad = await createLink(asset.id, { expiresIn });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { param: string } }).error.param).toBe("expiresIn");
    }
    expect((await createLink(asset.id, { expires: 60 })).status).toBe(400);
  });

  it("a changed or expired token answers the same 404, saying nothing of why", async () => {
    const link = (await (await createLink(asset.id, {})).json()) as { url: string };
    const token = path(link.url).split("/").pop()!;
    const expired = path((await t.app.services.links.sign(asset.id, -1)).url);
    const last = token.at(-1) === "A" ? "B" : "A";
    const changed = [
      `/api/v1/links/${token.slice(0, -1)}${last}`,
      `/api/v1/links/${token.slice(0, 27)}${(Number.parseInt(token.slice(27).split("-")[0]!, 36) + 1).toString(36)}-${token.slice(-22)}`,
      expired,
      `${expired}/export/zip`,
      "/api/v1/links/nonsense",
    ];
    const bodies = new Set<string>();
    for (const url of changed) {
      const response = await t.request(url);
      expect(response.status, url).toBe(404);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("not_found");
      bodies.add(error.message);
    }
    expect(bodies.size).toBe(1);
  });

  it("GraphQL createAssetLink answers the same kind of link", async () => {
    const response = await t.request("/graphql", {
      ...json({ query: "mutation ($id: ID!) { createAssetLink(id: $id, expiresIn: 120) { url expiresAt } }", variables: { id: asset.id } }, bearer(aliceKey)),
    });
    const body = (await response.json()) as { data: { createAssetLink: { url: string; expiresAt: string } } };
    expect((await t.request(path(body.data.createAssetLink.url))).status).toBe(200);
    expect(Date.parse(body.data.createAssetLink.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
  });
});
