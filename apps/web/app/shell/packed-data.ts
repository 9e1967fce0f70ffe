/**
 * A page's data sent to the browser as one JSON text (decision 0044). React Router encodes loader
 * data value by value (turbo-stream): for a page of games and prices, a thousand values and more,
 * that was a seventh of a server render. One `JSON.stringify` costs a fraction of that, and the
 * text gzips smaller than the indexed values.
 *
 * The loader returns `pack(data)` and the route component reads `unpack(loaderData)`. On the
 * server that is the value the loader packed (remembered beside the text, never parsed); in the
 * browser the text is parsed once per loader answer. The data must survive JSON as it is: plain
 * objects, arrays, strings, finite numbers, booleans and null (no `undefined` values, no Dates).
 */

declare const packedValue: unique symbol;

/** The JSON text of a `T`; the brand keeps the loader's type up to the component. */
export type PackedJson<T> = string & { readonly [packedValue]?: T };

export interface Packed<T> {
  readonly json: PackedJson<T>;
}

/** The values behind packed texts: the loader's own on the server, the parsed text in the browser. */
const values = new WeakMap<object, unknown>();

export function pack<T>(value: T): Packed<T> {
  const packed: Packed<T> = { json: JSON.stringify(value) as PackedJson<T> };
  values.set(packed, value);
  return packed;
}

export function unpack<T>(packed: Packed<T>): T {
  if (values.has(packed)) return values.get(packed) as T;
  const value = JSON.parse(packed.json) as T;
  values.set(packed, value);
  return value;
}
