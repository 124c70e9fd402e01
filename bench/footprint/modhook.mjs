// `node --import tsx --import ./modhook.mjs app` : registers load hooks (outermost, so the time includes
// tsx's transform) that append one line per ESM/CJS-via-import module to $MODHOOK_OUT.
import { register } from "node:module";
register("./modhook-hooks.mjs", import.meta.url, { data: { out: process.env.MODHOOK_OUT } });
