import { readStoredZip } from "../support/zip.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { type GenerationBody, generateWithKey } from "../support/generation.js";
import { bearer, createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";

/** Projects (contract section 13): a game's defaults applied to what is filed under it, its assets listed and zipped. */
let t: TestApp;
let alice: TestUser;
let aliceKey: string;
let bobKey: string;
let project: Project;

interface Project {
  id: string;
  name: string;
  palette?: { name?: string; colors: string[] };
  scale?: number;
  transparent?: boolean;
  assetCount: number;
}
type Generation = GenerationBody & { projectId?: string; width: number; transparent: boolean; palette?: { name?: string } };

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000", SIGNUP_CREDITS: "200" });
  alice = await signUp(t);
  aliceKey = (await createKey(t, alice)).secret;
  bobKey = (await createKey(t, await signUp(t))).secret;
  const created = await t.request("/api/v1/projects", json({ name: "Slime Cave", palette: "pico-8", scale: 16, transparent: true }, bearer(aliceKey)));
  expect(created.status).toBe(201);
  project = (await created.json()) as Project;
});
afterAll(() => t.close());

const get = (path: string, key = aliceKey) => t.request(path, { headers: bearer(key) });
const generate = async (body: Record<string, unknown>) => {
  const response = await generateWithKey(t, aliceKey, body);
  expect(response.status).toBe(200);
  return (await response.json()) as Generation;
};
const balance = async () => ((await (await get("/api/v1/credits")).json()) as { balance: number }).balance;

describe("projects", () => {
  it("a project holds the defaults it was given", () => {
    expect(project).toMatchObject({ name: "Slime Cave", scale: 16, transparent: true, assetCount: 0, palette: { name: "pico-8" } });
    expect(project.id).toMatch(/^prj_/);
    expect(project.palette!.colors).toHaveLength(16);
  });

  it("a generation filed under it inherits its defaults; a field of the request wins; a default the agent cannot honour is left out", async () => {
    const inherited = await generate({ prompt: "a green slime", projectId: project.id });
    expect(inherited).toMatchObject({ projectId: project.id, width: 16, height: 16, transparent: true, palette: { name: "pico-8" } });

    const own = await generate({ prompt: "a green slime", projectId: project.id, width: 32, transparent: false, palette: "gameboy" });
    expect(own).toMatchObject({ projectId: project.id, width: 32, transparent: false, palette: { name: "gameboy" } });

    // The texture agent is always opaque: the project's transparency is not forced on it.
    const texture = await generate({ prompt: "cave stone", agentId: "texture", width: 64, projectId: project.id });
    expect(texture).toMatchObject({ projectId: project.id, transparent: false, palette: { name: "pico-8" } });

    const loose = await generate({ prompt: "a green slime" });
    expect(loose.projectId).toBeUndefined();
  });

  it("another account's project, or an id that names none: 404 naming projectId, nothing charged or written", async () => {
    const before = await balance();
    const rows = await t.db.prisma.generation.count({ where: { accountId: alice.accountId } });
    const bobs = (await (await t.request("/api/v1/projects", json({ name: "bob's" }, bearer(bobKey)))).json()) as Project;
    for (const projectId of [bobs.id, "prj_nothing"]) {
      const refused = await errorOf(await generateWithKey(t, aliceKey, { prompt: "a slime", projectId }));
      expect(refused).toMatchObject({ status: 404, code: "not_found", param: "projectId" });
      const kit = await errorOf(await t.request("/api/v1/kits", json({ items: [{ prompt: "a slime" }], projectId }, bearer(aliceKey))));
      expect(kit).toMatchObject({ status: 404, code: "not_found", param: "projectId" });
    }
    expect(await balance()).toBe(before);
    expect(await t.db.prisma.generation.count({ where: { accountId: alice.accountId } })).toBe(rows);
    expect((await get(`/api/v1/projects/${bobs.id}`)).status).toBe(404);
    expect((await get(`/api/v1/projects/${bobs.id}/assets`)).status).toBe(404);
    expect((await get(`/api/v1/projects/${bobs.id}/export/zip`)).status).toBe(404);
  });

  it("bad input: 400 naming the field, nothing written", async () => {
    const count = await t.db.prisma.project.count({ where: { accountId: alice.accountId } });
    for (const [body, param] of [
      [{}, "name"],
      [{ name: "" }, "name"],
      [{ name: "x", scale: 20 }, "scale"],
      [{ name: "x", palette: "nope" }, "palette"],
      [{ name: "x", transparent: "yes" }, "transparent"],
      [{ name: "x", size: 16 }, "size"],
    ] as const) {
      const refused = await errorOf(await t.request("/api/v1/projects", json(body, bearer(aliceKey))));
      expect(refused).toMatchObject({ status: 400, param });
    }
    expect(await errorOf(await generateWithKey(t, aliceKey, { prompt: "x", projectId: "not an id" }))).toMatchObject({ status: 400, param: "projectId" });
    expect(await t.db.prisma.project.count({ where: { accountId: alice.accountId } })).toBe(count);
  });

  it("a kit filed under it takes its scale and palette, and files every item", async () => {
    const response = await t.request(
      "/api/v1/kits",
      json({ items: [{ prompt: "a knight" }, { name: "bat", prompt: "a bat" }], projectId: project.id }, bearer(aliceKey)),
    );
    expect(response.status).toBe(200);
    const kit = (await response.json()) as { projectId: string; scale: number; palette: string; items: { generation: Generation }[] };
    expect(kit).toMatchObject({ projectId: project.id, scale: 16, palette: "pico-8" });
    for (const item of kit.items) expect(item.generation).toMatchObject({ projectId: project.id, width: 16, transparent: true });
  });

  it("lists its assets newest first in pages, and the projects with their counts", async () => {
    const listed = (await (await get("/api/v1/projects")).json()) as { projects: Project[] };
    const mine = listed.projects.find((p) => p.id === project.id)!;
    expect(mine.assetCount).toBe(5);
    const first = (await (await get(`/api/v1/projects/${project.id}/assets?first=3`)).json()) as {
      assets: { id: string; name: string; generationId: string }[];
      endCursor: string;
      hasNextPage: boolean;
    };
    expect(first.assets).toHaveLength(3);
    expect(first.hasNextPage).toBe(true);
    const rest = (await (await get(`/api/v1/projects/${project.id}/assets?after=${first.endCursor}`)).json()) as typeof first;
    expect(rest.assets).toHaveLength(2);
    expect(rest.hasNextPage).toBe(false);
    const all = [...first.assets, ...rest.assets];
    expect(new Set(all.map((a) => a.id)).size).toBe(5);
    expect(all.map((a) => a.name)).toContain("a-green-slime");
    expect(all.map((a) => a.name)).toContain("bat"); // a kit's item is named by its item's name, as its downloads are
    expect((await errorOf(await get(`/api/v1/projects/${project.id}/assets?first=0`))).param).toBe("first");
  });

  it("downloads as one zip: PNGs named by slug (a kit item's by its name), unique, with the stored bytes, and a README", async () => {
    const response = await get(`/api/v1/projects/${project.id}/export/zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="slime-cave.zip"');
    const entries = readStoredZip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(["README.md", "a-green-slime-2.png", "a-green-slime.png", "a-knight.png", "bat.png", "cave-stone.png"]);
    const assets = await t.db.prisma.asset.findMany({ where: { generation: { projectId: project.id } }, select: { id: true } });
    for (const { id } of assets) {
      const bytes = Buffer.from(await (await get(`/api/v1/assets/${id}`)).arrayBuffer());
      expect([...entries.values()].some((entry) => entry.equals(bytes))).toBe(true);
    }
    expect(entries.get("README.md")!.toString()).toContain("# Slime Cave");
    expect((await get(`/api/v1/projects/${project.id}/export/zip`, bobKey)).status).toBe(404);
  });

  it("GraphQL: createProject, projects, generation.project and generations(projectId) for History", async () => {
    const gql = async (query: string, variables: Record<string, unknown> = {}) =>
      (await (await t.request("/graphql", json({ query, variables }, bearer(aliceKey)))).json()) as { data: Record<string, unknown>; errors?: unknown[] };
    const created = await gql('mutation { createProject(input: { name: "Dungeon", scale: 32, palette: "endesga-32" }) { id name scale palette } }');
    expect(created.errors).toBeUndefined();
    const dungeon = created.data.createProject as { id: string; scale: number; palette: { name: string } };
    expect(dungeon).toMatchObject({ scale: 32, palette: { name: "endesga-32" } });
    const made = await gql('mutation ($id: String) { generate(input: { prompt: "a skeleton", projectId: $id }) { id width project { id name } } }', {
      id: dungeon.id,
    });
    expect(made.errors).toBeUndefined();
    expect(made.data.generate).toMatchObject({ width: 32, project: { id: dungeon.id, name: "Dungeon" } });
    const listed = await gql("{ projects { id name assetCount } }");
    expect((listed.data.projects as { id: string }[]).map((p) => p.id)).toContain(dungeon.id);
    const history = await gql("query ($id: ID) { generations(projectId: $id) { nodes { id project { id } } } }", { id: project.id });
    const nodes = (history.data.generations as { nodes: { project: { id: string } }[] }).nodes;
    expect(nodes.length).toBe(5);
    expect(nodes.every((n) => n.project.id === project.id)).toBe(true);
    const refused = await gql('mutation { createProject(input: { name: "x", scale: 20 }) { id } }');
    expect(JSON.stringify(refused.errors)).toContain("invalid_request");
  });

  it("deleting the account deletes its projects", async () => {
    const carol = await signUp(t);
    const key = (await createKey(t, carol)).secret;
    await t.request("/api/v1/projects", json({ name: "gone soon" }, bearer(key)));
    expect(await t.db.prisma.project.count({ where: { accountId: carol.accountId } })).toBe(1);
    const deleted = await t.request("/api/auth/delete-account", json({ password: carol.password }, { cookie: carol.cookie, origin }));
    expect(deleted.status).toBe(204);
    expect(await t.db.prisma.project.count({ where: { accountId: carol.accountId } })).toBe(0);
  });
});
