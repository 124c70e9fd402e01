// Prints the GraphQL schema built by the code into schema.graphql.
// `--check` fails (exit 1) when the committed file differs from the code.
import { readFile, writeFile } from "node:fs/promises";
import { lexicographicSortSchema, printSchema } from "graphql";
import { schema } from "../src/transports/graphql/schema/index.js";

const file = new URL("../schema.graphql", import.meta.url);
export const printed = `${printSchema(lexicographicSortSchema(schema))}\n`;

if (process.argv.includes("--check")) {
  const committed = await readFile(file, "utf8").catch(() => "");
  if (committed !== printed) {
    process.stderr.write("schema.graphql is stale: run `npm run schema:print` and commit it.\n");
    process.exit(1);
  }
} else {
  await writeFile(file, printed);
}
