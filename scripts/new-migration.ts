// `npm run db:migration:new -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with
// the SQL that takes the schema as of the last commit (git HEAD) to prisma/schema.prisma as it is now.
// Offline: Prisma diffs the two datamodels with its WASM schema engine; no database is involved.
// Review the file, add what Prisma cannot express (CHECK constraints, triggers), then commit it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  process.stderr.write("usage: npm run db:migration:new -- <snake_case_name>\n");
  process.exit(2);
}
let previous: string;
try {
  previous = execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8" });
} catch {
  process.stderr.write("cannot read prisma/schema.prisma at HEAD; commit the previous schema first\n");
  process.exit(2);
}
const from = join(mkdtempSync(join(tmpdir(), "ags-migration-")), "schema.prisma");
writeFileSync(from, previous);
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = `prisma/migrations/${stamp}_${name}`;
if (existsSync(dir)) throw new Error(`${dir} exists`);
mkdirSync(dir, { recursive: true });
execFileSync(
  "prisma",
  ["migrate", "diff", "--from-schema-datamodel", from, "--to-schema-datamodel", "prisma/schema.prisma", "--script", "-o", `${dir}/migration.sql`],
  { stdio: "inherit", env: { ...process.env, CHECKPOINT_DISABLE: "1" } },
);
process.stdout.write(`wrote ${dir}/migration.sql\n`);
