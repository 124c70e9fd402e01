import { createHash } from "node:crypto";
import type { Services } from "../../services.js";
import { ifNoneMatch } from "../http/conditional.js";
import { jsonResponse } from "../http/responses.js";
import type { RestHandlers } from "./route.js";

type Handlers = Pick<RestHandlers, "createProject" | "listProjects" | "getProject" | "listProjectAssets" | "getProjectZip">;

/** The project endpoints of contract section 13: translations of the project use-cases. */
export function projectHandlers(services: Services): Handlers {
  const { projects } = services;
  return {
    createProject: async ({ viewer, body }) => jsonResponse(await projects.create(viewer, body), 201),
    listProjects: ({ viewer }) => projects.list(viewer),
    getProject: ({ viewer, params }) => projects.get(viewer, params.id!),
    listProjectAssets: ({ request, viewer, params }) => {
      const query = new URL(request.url).searchParams;
      const first = query.get("first");
      const after = query.get("after");
      return projects.assets(viewer, params.id!, {
        ...(first !== null ? { first: /^\d{1,9}$/.test(first) ? Number(first) : first } : {}),
        ...(after !== null ? { after } : {}),
      });
    },
    getProjectZip: async ({ request, viewer, params }) => {
      const file = await projects.zip(viewer, params.id!);
      const etag = `"${createHash("sha256").update(file.body).digest("hex")}"`;
      const headers = {
        "content-type": file.contentType,
        etag,
        "cache-control": "private, no-cache",
        "content-disposition": `attachment; filename="${file.fileName}"`,
      };
      if (ifNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      return new Response(new Uint8Array(file.body), { status: 200, headers: { ...headers, "content-length": String(file.body.byteLength) } });
    },
  };
}
