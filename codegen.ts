import type { CodegenConfig } from "@graphql-codegen/cli";

// Typed documents for the tests: write operations with `graphql(\`…\`)` from test/gql, run
// `npm run codegen`, and commit test/gql. CI fails when it is stale.
const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["test/**/*.ts", "!test/gql/**"],
  generates: {
    "test/gql/": {
      preset: "client",
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: "string" } },
      presetConfig: { fragmentMasking: false },
    },
  },
  ignoreNoDocuments: true,
  importExtension: ".js",
};

export default config;
