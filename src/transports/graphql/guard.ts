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
  depth: number;
  aliases: number;
  directives: number;
  cost: number;
  generates: number;
}

const cap = (n: number) => Math.min(n, Number.MAX_SAFE_INTEGER / 4);

/** The limits this document breaks (empty when it may run). */
export function guardDocument(document: DocumentNode): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const memo = new Map<string, Measure>();
  const visiting = new Set<string>();

  const measure = (set: SelectionSetNode | undefined, root: boolean): Measure => {
    const m: Measure = { depth: 0, aliases: 0, directives: 0, cost: 0, generates: 0 };
    for (const selection of set?.selections ?? []) {
      m.directives += selection.directives?.length ?? 0;
      let inner: Measure;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name.startsWith("__") && (name === "__schema" || name === "__type")) continue; // introspection
        const child = measure(selection.selectionSet, false);
        const first = selection.arguments?.find((a) => a.name.value === "first")?.value;
        const multiplier = first?.kind === Kind.INT ? Math.max(1, Math.min(100, Number(first.value))) : first ? 100 : 1;
        inner = {
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
    if (m.generates > limits.generates) {
      errors.push(refuse(`Operation${name} asks for ${m.generates} generations; one generate per request (send several requests).`));
    }
  }
  return errors;
}
