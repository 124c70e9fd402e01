/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query AgentKnows { agents { id outputs knows { subjects modifiers styles } } }": typeof types.AgentKnowsDocument,
    "\n  query Agents {\n    agents {\n      id\n      name\n      credits\n      supportsTransparent\n      sizes {\n        width\n        height\n      }\n      defaultSize {\n        width\n        height\n      }\n      formats\n    }\n    defaultAgentId\n  }\n": typeof types.AgentsDocument,
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        name\n        start\n        scopes\n        expiresAt\n      }\n    }\n  }\n": typeof types.CreateKeyDocument,
    "\n  query ListKeys {\n    apiKeys {\n      id\n      name\n      start\n      scopes\n      lastUsedAt\n    }\n  }\n": typeof types.ListKeysDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": typeof types.RevokeKeyDocument,
};
const documents: Documents = {
    "query AgentKnows { agents { id outputs knows { subjects modifiers styles } } }": types.AgentKnowsDocument,
    "\n  query Agents {\n    agents {\n      id\n      name\n      credits\n      supportsTransparent\n      sizes {\n        width\n        height\n      }\n      defaultSize {\n        width\n        height\n      }\n      formats\n    }\n    defaultAgentId\n  }\n": types.AgentsDocument,
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        name\n        start\n        scopes\n        expiresAt\n      }\n    }\n  }\n": types.CreateKeyDocument,
    "\n  query ListKeys {\n    apiKeys {\n      id\n      name\n      start\n      scopes\n      lastUsedAt\n    }\n  }\n": types.ListKeysDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": types.RevokeKeyDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AgentKnows { agents { id outputs knows { subjects modifiers styles } } }"): (typeof documents)["query AgentKnows { agents { id outputs knows { subjects modifiers styles } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Agents {\n    agents {\n      id\n      name\n      credits\n      supportsTransparent\n      sizes {\n        width\n        height\n      }\n      defaultSize {\n        width\n        height\n      }\n      formats\n    }\n    defaultAgentId\n  }\n"): (typeof documents)["\n  query Agents {\n    agents {\n      id\n      name\n      credits\n      supportsTransparent\n      sizes {\n        width\n        height\n      }\n      defaultSize {\n        width\n        height\n      }\n      formats\n    }\n    defaultAgentId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        name\n        start\n        scopes\n        expiresAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        name\n        start\n        scopes\n        expiresAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListKeys {\n    apiKeys {\n      id\n      name\n      start\n      scopes\n      lastUsedAt\n    }\n  }\n"): (typeof documents)["\n  query ListKeys {\n    apiKeys {\n      id\n      name\n      start\n      scopes\n      lastUsedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;