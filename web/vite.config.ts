import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

const api = process.env.API_ORIGIN ?? "http://localhost:3000";

// The in-app web client. Built by scripts/build-web.ts (npm run build:web, run by `prepare`) into
// web/dist, which the API process serves at / (src/transports/web/static.ts).
export default defineConfig({
  root: import.meta.dirname,
  base: "/",
  publicDir: "public",
  plugins: [preact()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsDir: "assets",
    // Everything is served by our own origin: no inlined data: fonts or images needed.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    sourcemap: false,
  },
  server: {
    // `npx vite web` for hot reload against `npm start` on :3000. The API only takes cookie writes
    // from PUBLIC_ORIGIN, so the proxy presents the API's own origin.
    proxy: Object.fromEntries(
      ["/api", "/graphql"].map((path) => [
        path,
        { target: api, changeOrigin: true, configure: (proxy) => proxy.on("proxyReq", (request) => request.setHeader("origin", api)) },
      ]),
    ),
  },
});
