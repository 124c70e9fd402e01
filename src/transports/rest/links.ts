import { Readable } from "node:stream";
import type { Services } from "../../services.js";
import { ifNoneMatch } from "../http/conditional.js";
import { jsonResponse } from "../http/responses.js";
import type { RestHandlers } from "./route.js";

/** Cacheable for as long as the link lives (a year at most); shared caches may keep it too. */
const publicCache = (expiresAt: number) => `public, max-age=${Math.max(0, Math.min(31_536_000, expiresAt - Math.floor(Date.now() / 1000)))}, immutable`;

/** Public links (contract section 15): their creation by the owner, and the bytes for anyone holding one. */
export function linkHandlers(services: Services): Pick<RestHandlers, "createAssetLink" | "getLinkedAsset" | "getLinkedAssetExport"> {
  const { links } = services;
  return {
    createAssetLink: async ({ viewer, params, body }) => jsonResponse(await links.create(viewer, params.id!, body), 201),

    getLinkedAsset: async ({ request, params }) => {
      const { asset, expiresAt } = await links.open(params.token!);
      const etag = `"${asset.sha256}"`;
      const headers = {
        "content-type": asset.mimeType,
        etag,
        "cache-control": publicCache(expiresAt),
        "content-disposition": `inline; filename="${asset.name}.png"`,
        "access-control-allow-origin": "*",
      };
      if (ifNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      // Streamed from the blob store, checked as it passes (as the owner's GET /api/v1/assets/:id).
      const body = Readable.toWeb(await services.generations.assetStream(asset)) as ReadableStream<Uint8Array>;
      return new Response(body, { status: 200, headers: { ...headers, "content-length": String(asset.byteLength) } });
    },

    getLinkedAssetExport: async ({ request, params }) => {
      const { file, expiresAt } = await links.export(params.token!, params.format!, Object.fromEntries(new URL(request.url).searchParams));
      const etag = `"${file.sha256}"`;
      const headers = {
        "content-type": file.contentType,
        etag,
        "cache-control": publicCache(expiresAt),
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "access-control-allow-origin": "*",
      };
      if (ifNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      const body = Readable.toWeb(await file.open()) as ReadableStream<Uint8Array>;
      return new Response(body, { status: 200, headers: { ...headers, "content-length": String(file.size) } });
    },
  };
}
