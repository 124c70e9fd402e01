/**
 * GraphQL selections typed by the contract's own types. A selection names fields of one of the
 * contract's types (`true` for a value, a nested selection for an object or a list of objects);
 * `fields()` writes it as GraphQL, and `Selected` is the type of what the API answers for it. So a
 * field the contract renames or drops fails the web client's type check (`npm run build:web`)
 * wherever a selection names it or a screen reads it.
 */

type Scalar = string | number | boolean | bigint | symbol | null | undefined;
type Item<V> = V extends readonly (infer E)[] ? E : V;
/** A value selected whole: a scalar, or a JSON map (an event's `data`). */
type IsValue<V> = [V] extends [Scalar] ? true : [V] extends [readonly unknown[]] ? false : string extends keyof V ? true : false;

/**
 * Selects an object whole: a field GraphQL answers as a JSON scalar where the contract has an
 * object (a generation's `sheet`, a sheet offer's `framesPerAnimation`).
 */
export const whole = "whole";

export type Selection<T> = {
  [K in keyof T]?: IsValue<Item<NonNullable<T[K]>>> extends true ? true : Selection<Item<NonNullable<T[K]>>> | typeof whole;
};

/** The answer to selection `S` of `T`: every field selected is present; what may be absent is null (GraphQL's way). */
export type Selected<T, S> = { -readonly [K in keyof S & keyof T]: Answer<T[K], S[K]> };

type Answer<V, S> = Shape<NonNullable<V>, S> | (undefined extends V ? null : never) | (null extends V ? null : never);
type Shape<V, S> = S extends true | typeof whole ? V : V extends readonly (infer E)[] ? Selected<E, S>[] : Selected<V, S>;

/** A selection as GraphQL: `id status assets { id url }`. */
export function fields(selection: object): string {
  return Object.entries(selection)
    .map(([name, sub]) => (sub === true || sub === whole ? name : `${name} { ${fields(sub as object)} }`))
    .join(" ");
}
