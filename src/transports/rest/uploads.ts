import { AppError } from "../../contract/errors.js";
import { uploadQuery } from "../../contract/schemas/uploads.js";
import { parseInput } from "../../contract/validation.js";
import { quotaHeaders } from "../../domain/limits.js";
import type { Services } from "../../services.js";
import { requestBody } from "../http/request-state.js";
import { jsonResponse } from "../http/responses.js";
import type { RestHandlers } from "./route.js";

/** The image of a multipart body: its one `file` part (400 naming `file` otherwise). */
export async function multipartFile(request: Request, bytes: Buffer, field = "file"): Promise<{ bytes: Buffer; type: string | undefined }> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("invalid_request", `The multipart body cannot be read; send one part named "${field}" holding the image.`, { param: field });
  }
  const files = form.getAll(field);
  const file = files[0];
  if (files.length !== 1 || typeof file === "string" || !file) {
    throw new AppError("invalid_request", `Send exactly one part named "${field}" holding the image (got ${files.length}).`, { param: field });
  }
  return { bytes: Buffer.from(await file.arrayBuffer()), type: file.type || undefined };
}

/** POST /api/v1/uploads (raw image body or multipart) and POST /api/v1/assets/:id/slice. */
export function uploadHandlers(services: Services): Pick<RestHandlers, "uploadImage" | "sliceAsset"> {
  return {
    uploadImage: async ({ viewer, request, state }) => {
      const query = parseInput(uploadQuery, Object.fromEntries(new URL(request.url).searchParams));
      const bytes = requestBody(request).bytes ?? Buffer.alloc(0);
      const contentType = request.headers.get("content-type") ?? undefined;
      const multipart = /^multipart\/form-data\b/i.test(contentType ?? "");
      const image = multipart ? await multipartFile(request, bytes) : { bytes, type: contentType };
      if (!multipart && !image.type)
        throw new AppError(
          "unsupported_media_type",
          'Send the image with its Content-Type (image/png, image/jpeg, image/webp or image/gif), or as multipart/form-data with one part named "file".',
        );
      const asset = await services.uploads.upload(viewer, image.bytes, image.type, {
        name: query.name,
        ...(query.projectId ? { projectId: await services.uploads.ownProject(viewer, query.projectId) } : {}),
        onQuota: (q) => Object.assign(state.headers, quotaHeaders(q)),
      });
      return jsonResponse({ asset }, 201);
    },
    sliceAsset: async ({ viewer, params, body }) => services.uploads.slice(viewer, params.id!, body),
  };
}
