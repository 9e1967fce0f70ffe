import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pack, unpack, type Packed } from './packed-data.ts';

/** What the browser holds after React Router sent the packed object: a copy with the same text. */
const sent = <T>(packed: Packed<T>): Packed<T> => JSON.parse(JSON.stringify(packed)) as Packed<T>;

describe('packed page data', () => {
  it('gives the server render the very value the loader packed', () => {
    const games = [{ id: 1, markets: [{ key: 'winner:match', coef: 1.5 }] }];
    const data = { games, failed: false, live: null };
    expect(unpack(pack(data))).toBe(data);
  });

  it('sends one JSON text and nothing else', () => {
    const packed = pack({ a: [1, 'x', true, null] });
    expect(Object.keys(packed)).toEqual(['json']);
    expect(packed.json).toBe('{"a":[1,"x",true,null]}');
  });

  it('gives the browser an equal value, parsed once per answer', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const inBrowser = sent(pack(value));
        const first = unpack(inBrowser);
        expect(first).toEqual(JSON.parse(JSON.stringify(value)));
        expect(unpack(inBrowser)).toBe(first);
      }),
    );
  });
});
