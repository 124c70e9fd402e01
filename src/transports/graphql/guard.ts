import { GraphQLError, Kind, parse, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode, visit } from "graphql";
import { findUnstorableText } from "../../contract/strings.js";

/**
 * What one GraphQL document may ask for, checked the same way on every entry point (POST and GET
 * /graphql, both graphql-sse modes of /graphql/stream) BEFORE validation and execution, in one
 * pass over the document with fragments counted as many times as they are spread (so a
 * fragment-doubling document is measured, not expanded). Our deepest legitimate query (viewer →
 * account → ledger → nodes → fields) is 5 levels; GraphiQL's introspection is exempt from depth
 * and cost.
 */
export const limits = { tokens: 2_000, depth: 10, aliases: 15, directives: 10, cost: 5_000, generates: 1 } as const;

/**
 * What an answer may weigh (contract section 12): `b64` is counted by the most it can hold, the base64 of an asset
 * of `inlineB64MaxBytes` (larger assets answer it null), wherever it is not null by the schema: on one generation,
 * not under a page of a list (`first`), where it is always null.
 */
export interface ResponseLimits {
  maxResponseBytes: number;
  inlineB64MaxBytes: number;
}

const refuse = (message: string) => new GraphQLError(message, { extensions: { code: "invalid_request", retryable: false, http: { status: 400 } } });

/** Parses with the token limit (a huge document is refused while it is read, not after). */
/** Variables with text the database cannot store: the error naming the variable, or undefined. */
export function guardVariables(variables: unknown): GraphQLError | undefined {
  const found = findUnstorableText(variables);
  return found ? refuse(`Variable ${found.path || "(all)"}: the text ${found.reason}; remove it.`) : undefined;
}

export function parseGuarded(source: string): DocumentNode {
  try {
    return parse(source, { maxTokens: limits.tokens, noLocation: false });
  } catch (error) {
    if (error instanceof GraphQLError && /token limit/i.test(error.message)) {
      throw refuse(`The document has more than ${limits.tokens} tokens; send a smaller one.`);
    }
    throw error;
  }
}

interface Measure {
  /** The most the answer's `b64` fields can weigh, in bytes. */
  b64Bytes: number;
  /** How many `b64` fields count toward it. */
  b64Fields: number;
  depth: number;
  aliases: number;
  directives: number;
  cost: number;
  generates: number;
}

const cap = (n: number) => Math.min(n, Number.MAX_SAFE_INTEGER / 4);

const tooLarge = (message: string, details: Record<string, unknown>) =>
  new GraphQLError(message, { extensions: { code: "query_too_large", retryable: false, details, http: { status: 400 } } });

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;

/** The limits this document breaks (empty when it may run). */
export function guardDocument(document: DocumentNode, response?: ResponseLimits): GraphQLError[] {
  const b64Size = response ? Math.ceil(response.inlineB64MaxBytes / 3) * 4 : 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const memo = new Map<string, Measure>();
  const visiting = new Set<string>();

  const measure = (set: SelectionSetNode | undefined, root: boolean): Measure => {
    const m: Measure = { b64Bytes: 0, b64Fields: 0, depth: 0, aliases: 0, directives: 0, cost: 0, generates: 0 };
    for (const selection of set?.selections ?? []) {
      m.directives += selection.directives?.length ?? 0;
      let inner: Measure;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name.startsWith("__") && (name === "__schema" || name === "__type")) continue; // introspection
        const child = measure(selection.selectionSet, false);
        const first = selection.arguments?.find((a) => a.name.value === "first")?.value;
        const multiplier = first?.kind === Kind.INT ? Math.max(1, Math.min(100, Number(first.value))) : first ? 100 : 1;
        // under a page of a list, b64 is null (the schema says so): it weighs nothing there
        const b64 = name === "b64" && !selection.selectionSet ? 1 : 0;
        inner = {
          b64Bytes: first ? 0 : cap(child.b64Bytes + b64 * b64Size),
          b64Fields: first ? 0 : cap(child.b64Fields + b64),
          depth: selection.selectionSet ? child.depth + 1 : 1,
          aliases: child.aliases + (selection.alias ? 1 : 0),
          directives: child.directives,
          cost: cap(1 + child.cost * multiplier),
          generates: child.generates + (root && name === "generate" ? 1 : 0),
        };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = measure(selection.selectionSet, root);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || visiting.has(name)) continue; // unknown or cyclic: validation reports it
        const key = `${name}:${root}`;
        let cached = memo.get(key);
        if (!cached) {
          visiting.add(name);
          m.directives += fragment.directives?.length ?? 0;
          cached = measure(fragment.selectionSet, root);
          visiting.delete(name);
          memo.set(key, cached);
        }
        inner = cached;
      }
      m.b64Bytes = cap(m.b64Bytes + inner.b64Bytes);
      m.b64Fields = cap(m.b64Fields + inner.b64Fields);
      m.depth = Math.max(m.depth, inner.depth);
      m.aliases = cap(m.aliases + inner.aliases);
      m.directives = cap(m.directives + inner.directives);
      m.cost = cap(m.cost + inner.cost);
      m.generates = cap(m.generates + inner.generates);
    }
    return m;
  };

  const errors: GraphQLError[] = [];
  // Text the database cannot store, in any string literal of the document.
  visit(document, {
    StringValue(node) {
      const found = findUnstorableText(node.value);
      if (found && errors.length === 0) errors.push(refuse(`A string in the document ${found.reason}; remove it.`));
    },
  });
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const m = measure(definition.selectionSet, definition.operation === "mutation");
    m.directives += (definition as OperationDefinitionNode).directives?.length ?? 0;
    const name = definition.name ? ` ${definition.name.value}` : "";
    if (m.depth > limits.depth) errors.push(refuse(`Operation${name} is ${m.depth} levels deep; at most ${limits.depth}.`));
    if (m.aliases > limits.aliases) errors.push(refuse(`Operation${name} uses ${m.aliases} aliases; at most ${limits.aliases}.`));
    if (m.directives > limits.directives) errors.push(refuse(`Operation${name} uses ${m.directives} directives; at most ${limits.directives}.`));
    if (m.cost > limits.cost)
      errors.push(refuse(`Operation${name} costs ${m.cost} (fields × page sizes); at most ${limits.cost}. Ask for fewer fields or smaller pages.`));
    if (response && m.b64Bytes > response.maxResponseBytes) {
      errors.push(
        tooLarge(
          `Operation${name} could answer up to ${mb(m.b64Bytes)} (${m.b64Fields} b64 field${m.b64Fields === 1 ? "" : "s"} of up to ${mb(b64Size)} each); at most ${mb(response.maxResponseBytes)}. Ask for b64 once per query, or fetch the asset's url (streamed).`,
          { maxBytes: response.maxResponseBytes, estimatedBytes: m.b64Bytes },
        ),
      );
    }
    if (m.generates > limits.generates) {
      errors.push(refuse(`Operation${name} asks for ${m.generates} generations; one generate per request (send several requests).`));
    }
  }
  return errors;
}
