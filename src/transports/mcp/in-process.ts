import type { Quota } from "../../domain/limits.js";
import { authorize, type AuthenticatedViewer } from "../../domain/auth/viewer.js";
import type { Services } from "../../services.js";
import { fetchImageUrl, type ImageUrlOptions } from "./image-url.js";
import { estimateOfDryRun, follow, type AssetApi, type GenerateOptions, type GenerateResult } from "./api.js";

export interface InProcessApiOptions {
  /** Counts one call against the account's `read` quota (as the REST rows with `rate: "read"` do); throws 429 past it. */
  readQuota?: () => Promise<unknown>;
  /** How `upload_image {url}` is fetched: the address guard's options (a resolver, `allowPrivate`: tests only). */
  imageUrl?: ImageUrlOptions;
  /** Told the account's `generate` quota once counted (RateLimit headers). */
  onQuota?: (quota: Quota) => void;
}

/**
 * The tools' interface over the use-cases, for one caller (the `/mcp` request's viewer): the same
 * calls the REST handlers make, so credits, idempotency, quotas and scopes behave exactly as on
 * REST. Scopes are checked per call (a read-only key can list, estimate, read and get its balance).
 */
export function createInProcessApi(services: Services, viewer: AuthenticatedViewer, options: InProcessApiOptions = {}): AssetApi {
  const { generations } = services;
  const accountId = viewer.user.accountId;
  const can = (scope: "read" | "generate") => authorize(viewer, { allow: "api_key", scope }, { write: scope === "generate" });
  const read = async () => {
    can("read");
    await options.readQuota?.();
  };

  /** The generation is the caller's (just accepted, or replayed from its own key): follow its events like a one-shot wait does. */
  async function followed(
    submitted: { generation: { id: string }; replayed: boolean },
    wait: Omit<GenerateOptions, "idempotencyKey">,
  ): Promise<GenerateResult> {
    const id = submitted.generation.id;
    const end = await follow((after, signal) => generations.events.stream(id, after, signal), wait);
    if (end.kind === "completed") return { generation: end.generation, replayed: submitted.replayed };
    const generation = await generations.get(viewer, id);
    return { generation, replayed: submitted.replayed, ...(end.kind === "failed" ? { failure: end.failure } : {}) };
  }

  return {
    async listAgents() {
      const [agents, defaultAgentId] = await Promise.all([services.agents.list(), services.agents.defaultAgentId()]);
      return { agents: agents.map((a) => services.agents.view(a)), defaultAgentId };
    },

    async estimate(input) {
      await read();
      const agent = await services.agents.resolve(input.agentId);
      if (input.prompt === undefined && input.messages === undefined) {
        const driver = services.agents.catalog.driver(agent.id);
        const output =
          input.sheet !== undefined
            ? { sheet: input.sheet, offer: driver?.sheets }
            : input.tileset !== undefined
              ? { tileset: input.tileset, offer: driver?.tilesets }
              : undefined;
        return generations.quote(agent, await services.credits.balance(accountId), { width: input.width, height: input.height }, output);
      }
      return estimateOfDryRun(await generations.estimate(viewer, { ...input, dryRun: true }), agent.name);
    },

    async generate(input, { idempotencyKey, ...wait }) {
      can("generate");
      const submitted = await generations.submit(viewer, input, { idempotencyKey, ...(options.onQuota ? { onQuota: options.onQuota } : {}) });
      return followed(submitted, wait);
    },

    async recolor(assetId, palette, { idempotencyKey, ...wait }) {
      can("generate");
      const submitted = await generations.recolor(viewer, assetId, { palette }, { idempotencyKey, ...(options.onQuota ? { onQuota: options.onQuota } : {}) });
      return followed(submitted, wait);
    },

    async kit(input, { idempotencyKey, waitMs, signal }) {
      if (input.dryRun) {
        await read();
        return services.kits.estimate(viewer, input);
      }
      can("generate");
      const submitted = await services.kits.submit(viewer, input, {
        idempotencyKey,
        waitMs,
        ...(signal ? { stop: signal } : {}),
        ...(options.onQuota ? { onQuota: options.onQuota } : {}),
      });
      return submitted.kit;
    },

    async getGeneration(id) {
      await read();
      return generations.get(viewer, id);
    },

    async cancel(id) {
      can("generate");
      await options.readQuota?.();
      return generations.cancel(viewer, id);
    },

    async balance() {
      await read();
      return services.credits.balance(accountId);
    },

    async assetName(id) {
      await read();
      return (await generations.asset(viewer, id)).name;
    },

    async getKit(id) {
      await read();
      return services.kits.get(viewer, id);
    },

    async uploadImage(source, { name, signal }) {
      can("generate");
      const { limits } = services.uploads;
      const image =
        "url" in source
          ? { ...(await fetchImageUrl(source.url, limits, { ...options.imageUrl, ...(signal ? { signal } : {}) })), param: "url" }
          : { bytes: source.data, type: undefined, param: "data" };
      return services.uploads.upload(viewer, image.bytes, image.type, {
        name,
        param: image.param,
        ...(signal ? { signal } : {}),
        ...(options.onQuota ? { onQuota: options.onQuota } : {}),
      });
    },

    async readAsset(id) {
      await read();
      const asset = await generations.assetBytes(viewer, id);
      return { id: asset.id, mimeType: asset.mimeType, bytes: asset.bytes };
    },

    previews: services.previews,

    async readExport(id, format) {
      await read();
      const file = await generations.export(viewer, id, format);
      return { fileName: file.fileName, contentType: file.contentType, bytes: file.body };
    },
  };
}
