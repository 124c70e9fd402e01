/** The contract between the generation service and the procedural generators. */
import type { AssetQualityReport } from "../../driver.js";
import type { Rgb } from "./color.js";
import type { PromptSpec } from "../words/prompt.js";

export interface GeneratorInput {
  spec: PromptSpec;
  /** Already validated by the caller to be one of the agent's sizes. */
  width: number;
  height: number;
  /** true => every background pixel has alpha 0 while the subject stays opaque. */
  transparent: boolean;
  /** Integer 0..2^31-1. */
  seed: number;
  /** The palette every pixel with alpha > 0 must be one of (contract section 12). */
  palette?: Rgb[];
}

export interface GeneratorProgress {
  percent: number;
  stage: string;
  /** `png` may be encoded only when read (LazyPreview); `rgba`, when given, holds its pixels. */
  preview?: { readonly png: Buffer; width: number; height: number; rgba?: Uint8Array };
}

export interface GeneratedImage {
  png: Buffer;
  mimeType: "image/png";
  width: number;
  height: number;
  /** Measured on the final pixels (agents/palette/quality.ts). */
  quality?: AssetQualityReport;
}

export interface Generator {
  readonly kind: string;
  generate(input: GeneratorInput, onProgress: (p: GeneratorProgress) => void | Promise<void>, signal?: AbortSignal): Promise<GeneratedImage>;
}
