import { z } from "zod";
import { instant } from "./common.js";

/** POST /api/v1/assets/:id/links (and GraphQL createAssetLink): how long the link lives. */
export const createLinkRequest = z
  .strictObject({
    expiresIn: z
      .number("Must be a number of seconds.")
      .int("Must be a whole number of seconds.")
      .min(60, "Must be at least 60 seconds.")
      .max(604_800, "Must be at most 604800 seconds (7 days).")
      .default(3600)
      .describe("Seconds the link lives: 60–604800, default 3600."),
  })
  .meta({ id: "CreateLinkRequest" });

export const linkResponse = z
  .object({
    url: z.string().describe("Public URL of the asset's bytes, no key needed, until expiresAt; append /export/<format> for an export."),
    expiresAt: instant,
  })
  .meta({ id: "AssetLink" });
export type LinkView = z.output<typeof linkResponse>;
