import { AppError } from "../../contract/errors.js";
import { openAiImageEditRequest } from "../../contract/schemas/openai.js";
import { parseInput } from "../../contract/validation.js";
import type { AgentService } from "../../domain/agents/agents.js";
import { resolveModel, type ImagesCall } from "./request.js";

/**
 * `POST /v1/images/edits` (OpenAI's images.edit), translated: the multipart body's first image file
 * (`image` or `image[]`) becomes our `image` (a data URL, stored as an upload at submit), `model` an
 * agent whose inputs include "image", the other fields as in images.generate. Checked here, in
 * OpenAI's field names, before anything is counted or charged.
 *
 * | OpenAI field | ours |
 * |---|---|
 * | `image` / `image[]` (file) | `image` (the first file, as a data URL) |
 * | `mask` (file) | refused (400 `unsupported_option`): the agents here change the whole picture, none paints inside a mask |
 * | `model` | `agentId` (absent: the default agent, which must take an image) |
 * | `prompt` | `prompt` (optional where the agent says so) |
 * | `n`, `response_format`, `quality`, `user` | as images.generate |
 * | `size` `"WxH"` / `"auto"` | `width`, `height` / absent (the agent decides) |
 * | `background` | `transparent`: `transparent` → true, `opaque` → false, `auto` → absent |
 */

const fileFields = new Set(["image", "image[]"]);
const imageTypes = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

/** The file's media type from its first bytes (the SDKs often send application/octet-stream). */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return "image/webp";
  return undefined;
}

/** The multipart body, parsed: its text fields (for the schema) and its first image file. */
export async function readEditForm(bytes: Buffer | undefined, contentType: string | null): Promise<{ fields: Record<string, unknown>; image?: Blob }> {
  if (!bytes || !contentType || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send multipart/form-data with an image file part (the OpenAI SDKs' images.edit does).", {
      param: "image",
    });
  }
  let form: FormData;
  try {
    form = await new Request("http://edits.invalid/", { method: "POST", body: new Uint8Array(bytes), headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("invalid_request", "The multipart/form-data body could not be read; send it as the OpenAI SDKs do.", { param: "image" });
  }
  const fields: Record<string, unknown> = {};
  let image: Blob | undefined;
  for (const [name, value] of form.entries()) {
    if (name === "mask" || name === "mask[]") {
      throw new AppError(
        "unsupported_option",
        "mask: no agent here paints inside a mask (pixel-fixer and cutout work on the whole picture); send the edit without one.",
        { param: "mask" },
      );
    }
    if (fileFields.has(name)) {
      if ((name === "image" || name === "image[]") && image === undefined && typeof value !== "string") image = value;
      continue;
    }
    if (typeof value !== "string") throw new AppError("invalid_request", `${name}: Must be text, not a file.`, { param: name });
    // The SDKs' types require a prompt: an empty one means none (agents such as pixel-fixer need none).
    if (name === "prompt" && value.trim() === "") continue;
    fields[name] = (name === "n" || name === "output_compression") && /^\d{1,6}$/.test(value) ? Number(value) : value;
  }
  return { fields, ...(image ? { image } : {}) };
}

/** A data URL of the image file: its media type from its bytes (the SDKs often send application/octet-stream). */
export async function imageDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw new AppError("invalid_image", "image: The file is empty; send a PNG, JPEG, WebP or GIF.", { param: "image" });
  const type = sniffImageType(bytes) ?? (imageTypes.has(file.type) ? file.type : undefined);
  if (!type) {
    throw new AppError("unsupported_media_type", "image: Send a PNG, JPEG, WebP or GIF file (SVG and other types are not taken).", { param: "image" });
  }
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}

export async function readEditsCall(agents: AgentService, form: { fields: Record<string, unknown>; image?: Blob }): Promise<ImagesCall> {
  const request = parseInput(openAiImageEditRequest, form.fields);
  const agent = await resolveModel(agents, request.model);
  if (!agent.inputs.includes("image")) {
    const taking = await agents.takingImages();
    throw new AppError(
      "unsupported_option",
      `model: The model ${agent.id} takes no image; images.edit needs one that does: ${taking.join(", ") || "none is enabled"}.`,
      { param: "model", details: { models: taking } },
    );
  }
  if (!form.image) {
    throw new AppError("invalid_request", 'image: Required. Send the picture as the multipart file part "image" (or "image[]").', { param: "image" });
  }
  let size: { width: number; height: number } | undefined;
  if (request.size != null && request.size !== "auto") {
    const match = /^(\d{1,4})x(\d{1,4})$/.exec(request.size);
    const width = Number(match?.[1]);
    const height = Number(match?.[2]);
    if (!match || width < 1 || height < 1) {
      throw new AppError("invalid_request", `size: Send "WxH" (e.g. "32x32") or "auto" (the model ${agent.id} decides).`, { param: "size" });
    }
    size = { width, height };
  }
  if (request.background === "transparent" && !agent.supportsTransparent) {
    throw new AppError("unsupported_option", `background: The model ${agent.id} cannot make transparent backgrounds; send "opaque" or "auto".`, {
      param: "background",
    });
  }
  if (request.output_format != null && request.output_format !== "png") {
    throw new AppError("unsupported_option", `output_format: This service makes PNG only; leave output_format out or send "png".`, { param: "output_format" });
  }
  const transparent = request.background === "transparent" ? true : request.background === "opaque" ? false : undefined;
  const image = await imageDataUrl(form.image);
  return {
    body: {
      ...(request.prompt != null ? { prompt: request.prompt } : {}),
      agentId: agent.id,
      image,
      ...(transparent !== undefined ? { transparent } : {}),
      ...(size ? size : {}),
    },
    n: request.n ?? 1,
    agent,
    size: size ? `${size.width}x${size.height}` : "auto",
    background: transparent === true || (transparent === undefined && agent.supportsTransparent) ? "transparent" : "opaque",
    quality: request.quality ?? "auto",
    responseFormat: request.response_format ?? "b64_json",
    stream: false,
    partialImages: 0,
    request: { prompt: request.prompt ?? "", model: agent.id },
  };
}
