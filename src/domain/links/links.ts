import { AppError } from "../../contract/errors.js";
import { exportQuery } from "../../contract/schemas/exports.js";
import { createLinkRequest, type LinkView } from "../../contract/schemas/links.js";
import { parseInput } from "../../contract/validation.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import type { GenerationQueries } from "../generation/queries.js";
import { checkLink, signLink, type Mac } from "./tokens.js";

export interface LinkDeps {
  /** HMAC-SHA256 under the links' subkey of the server key (SecretsBox.mac("links", …)). */
  mac: Mac;
  queries: Pick<GenerationQueries, "asset" | "linkedAsset" | "exportOf">;
  /** Links are absolute URLs on it. */
  publicOrigin: string;
  now?: () => number;
}

/** The path of a link (its exports: `<path>/export/<format>`). */
export const linkPath = (token: string) => `/api/v1/links/${token}`;

/** One message for every token that does not open (changed, expired, or its asset deleted): which it was is nobody's business. */
const notFound = () => new AppError("not_found", "This link is unknown or has expired; ask the asset's owner for a new one.");

/**
 * Public links to an asset and its exports (contract section 15): signed tokens that carry their
 * expiry, checked in constant time; nothing is stored, so a link lives until it expires.
 */
export function createLinks(deps: LinkDeps) {
  const now = deps.now ?? Date.now;

  const open = async (token: string) => {
    const check = await checkLink(deps.mac, token, Math.floor(now() / 1000));
    if (!check.ok) throw notFound();
    const asset = await deps.queries.linkedAsset(check.assetId);
    if (!asset) throw notFound();
    return { asset, expiresAt: check.expiresAt };
  };

  return {
    /** A link to the viewer's asset for `expiresIn` seconds (60–604800, default 3600); 404 for another account's. */
    async create(viewer: AuthenticatedViewer, assetId: string, input: unknown): Promise<LinkView> {
      const { expiresIn } = parseInput(createLinkRequest, input);
      const asset = await deps.queries.asset(viewer, assetId);
      return this.sign(asset.id, expiresIn);
    },

    /** A link to an asset already known to be the caller's (the OpenAI layer's `url`). */
    async sign(assetId: string, expiresIn = 3600): Promise<LinkView> {
      const expiresAt = Math.floor(now() / 1000) + expiresIn;
      return { url: `${deps.publicOrigin}${linkPath(await signLink(deps.mac, assetId, expiresAt))}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },

    /** The linked asset and the link's expiry (unix seconds); 404 for a changed or expired token, or a deleted asset. */
    open,

    /** An export of the linked asset (404 as `open`, or for a format that does not apply). */
    async export(token: string, format: string, query?: unknown) {
      const { godotDir } = parseInput(exportQuery, query ?? {});
      const { asset, expiresAt } = await open(token);
      return { file: await deps.queries.exportOf(asset, format, { godotDir }), expiresAt };
    },
  };
}

export type Links = ReturnType<typeof createLinks>;
