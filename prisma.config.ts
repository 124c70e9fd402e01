// The Prisma CLI is used here for two things only: `prisma generate` and `prisma migrate diff`
// (creating a migration file, see README). Migrations are applied by the app's own runner
// (src/infra/db/migrate.ts), so the CLI never needs a real database: it gets a throwaway
// in-memory PGlite through the JS (WASM) schema engine, which works offline.
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";

let shared: PGlite | undefined;

export default defineConfig({
  schema: "prisma/schema.prisma",
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    shared ??= new PGlite();
    return new PrismaPGlite(shared);
  },
});
