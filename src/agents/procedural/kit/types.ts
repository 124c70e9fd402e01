/**
 * The contract between the generation service and the procedural generators: what a prompt is read
 * into (words/prompt.ts reads it), what a generator is given and what it gives back.
 */
import type { AssetQualityReport } from "../../driver.js";
import type { Rgb } from "./color.js";

export interface PromptMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface PromptInput {
  prompt?: string;
  messages?: PromptMessage[];
}

export interface PromptSpec {
  /** The user text that was read, lower-cased and whitespace-normalised, turns joined by " | ". */
  readonly text: string;
  /** Canonical colour names, the primary colour first (see words/vocabulary.ts COLOR_VALUES). */
  readonly colors: readonly string[];
  /** Canonical subject nouns, the main subject first (specific subjects before generic ones). */
  readonly subjects: readonly string[];
  /** Canonical materials the subject is made of (see words/vocabulary.ts MATERIAL_WORDS), in mention order. */
  readonly materials: readonly string[];
  /** Canonical effects the subject carries (see words/vocabulary.ts EFFECT_WORDS), in mention order. */
  readonly effects: readonly string[];
  /** Active canonical style words (e.g. "dark", "round", "mossy"). */
  readonly styles: readonly string[];
  /** Canonical style words explicitly switched off (e.g. "badge" for "no badge"). */
  readonly negated: readonly string[];
  /** Unrecognised content words of the latest turn that described the subject (hash fallback). */
  readonly otherWords: readonly string[];
  /** Words no agent reads, each read as the nearest known word (words/read-as.ts): `[written, readAs]`; absent when none. */
  readonly readAs?: readonly (readonly [string, string])[];
}

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
  /** Icons: the badge behind the subject ("none" for none); absent, the size and the prompt decide. */
  badge?: IconBadge;
}

/** The badge shapes an icon may sit on. */
export const ICON_BADGES = ["none", "round", "square", "hex"] as const;
export type IconBadge = (typeof ICON_BADGES)[number];

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
