import type { Generation } from "../../generated/prisma/client.js";

export type GenerationStatus = "queued" | "running" | "succeeded" | "failed" | "canceled";

export interface AssetView {
  id: string;
  url: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  b64?: string;
}

/** The generation object of contract section 3. */
export interface GenerationView {
  id: string;
  status: GenerationStatus;
  agentId: string;
  prompt: string | null;
  messages?: unknown;
  transparent: boolean;
  seed: number;
  width: number;
  height: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  assets: AssetView[];
  credits: { charged: number; refunded: number; balance: number };
  error?: { code: string; message: string };
}

export interface AssetRow {
  id: string;
  mimeType: string;
  width: number;
  height: number;
  byteLength: number;
  sha256: string;
  bytes?: Uint8Array;
}

export function assetView(asset: AssetRow, withB64: boolean): AssetView {
  return {
    id: asset.id,
    url: `/api/v1/assets/${asset.id}`,
    mimeType: asset.mimeType,
    width: asset.width,
    height: asset.height,
    bytes: asset.byteLength,
    sha256: asset.sha256,
    ...(withB64 && asset.bytes ? { b64: Buffer.from(asset.bytes).toString("base64") } : {}),
  };
}

/** The columns a view needs (a full row, or one built from what the accepting statement returned). */
export type GenerationRow = Pick<
  Generation,
  | "id" | "status" | "agentId" | "prompt" | "messages" | "transparent" | "seed" | "width" | "height"
  | "createdAt" | "startedAt" | "completedAt" | "cost" | "creditState" | "errorCode" | "errorMessage"
>;

export function generationView(g: GenerationRow, assets: AssetRow[], balance: number, withB64 = true): GenerationView {
  const refunded = g.creditState === "refunded" ? g.cost : 0;
  return {
    id: g.id,
    status: g.status,
    agentId: g.agentId,
    prompt: g.prompt,
    ...(g.messages === null ? {} : { messages: g.messages }),
    transparent: g.transparent,
    seed: g.seed,
    width: g.width,
    height: g.height,
    createdAt: g.createdAt.toISOString(),
    startedAt: g.startedAt?.toISOString() ?? null,
    completedAt: g.completedAt?.toISOString() ?? null,
    assets: assets.map((a) => assetView(a, withB64)),
    credits: { charged: g.cost - refunded, refunded, balance },
    ...(g.errorCode ? { error: { code: g.errorCode, message: g.errorMessage ?? "" } } : {}),
  };
}
