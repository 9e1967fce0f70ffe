/**
 * The tiles' generated art: deterministic, drawable (finite numbers, #rrggbb colours), varied
 * by game; the SVG file well formed with its text escaped; the path it is served at naming
 * exactly the picture it holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ART_MOTIFS, artPath, artScene, artSvg, mix, parseArtPath } from './art.ts';

const art = fc.record({
  motif: fc.oneof(fc.constantFrom(...ART_MOTIFS), fc.stringMatching(/^[a-z-]{1,30}$/)),
  colors: fc.tuple(fc.stringMatching(/^#[0-9a-f]{6}$/), fc.stringMatching(/^#[0-9a-f]{6}$/)),
});
const id = fc.stringMatching(/^[a-z0-9-]{1,40}$/);

describe('tile art', () => {
  it('is the same picture for the same game, every time', () => {
    fc.assert(
      fc.property(art, id, (a, i) => {
        expect(artScene(a, i)).toEqual(artScene({ ...a, colors: [...a.colors] }, i));
      }),
    );
  });

  it('draws every motif with finite numbers and only #rrggbb colours', () => {
    fc.assert(
      fc.property(art, id, (a, i) => {
        const scene = artScene(a, i);
        expect(scene.motif.length).toBeGreaterThan(0);
        for (const shape of [...scene.pattern, ...scene.motif]) {
          for (const [key, value] of Object.entries(shape)) {
            if (typeof value === 'number') expect(Number.isFinite(value), key).toBe(true);
            if (key === 'd') expect(value).not.toMatch(/NaN|undefined/);
            if ((key === 'fill' || key === 'stroke') && value !== 'none') expect(value).toMatch(/^#[0-9a-f]{6}$/);
          }
        }
      }),
    );
  });

  it('varies with the game id, so two games with one motif look apart', () => {
    const a = { motif: 'fruit', colors: ['#112233', '#ee5533'] as [string, string] };
    const scenes = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((i) => JSON.stringify(artScene(a, i).pattern)));
    expect(scenes.size).toBeGreaterThan(1);
  });

  it('falls back to its own colours for a bad colour and to the star for an unknown motif', () => {
    const scene = artScene({ motif: 'nothing-like-it', colors: ['red', '#000000'] }, 'x');
    expect(scene.from).toBe('#1d3557');
    expect(scene.motif).toHaveLength(1);
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});

describe('tile art files', () => {
  it('serves at a path that gives back the same game and art', () => {
    fc.assert(
      fc.property(art, id, (a, i) => {
        const [, prefix, game, file] = artPath(a, i).split('/');
        expect(prefix).toBe('casino-art');
        expect(parseArtPath(game!, file!)).toEqual({ id: i, art: a });
        expect(artSvg(parseArtPath(game!, file!)!.art, i)).toBe(artSvg(a, i));
      }),
    );
  });

  it('writes one well-formed SVG element with no NaN or undefined in it', () => {
    fc.assert(
      fc.property(art, id, (a, i) => {
        const svg = artSvg(a, i);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        // Every element opened is closed or self-closed.
        const opened = svg.match(/<[a-zA-Z]+[\s>]/g)!.length;
        const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length + (svg.match(/\/>/g) ?? []).length;
        expect(closed).toBe(opened);
      }),
    );
  });

  it('refuses paths that are not a picture', () => {
    for (const [game, file] of [
      ['fruit-fiesta', 'fruit-112233-ee5533.png'],
      ['Fruit', 'fruit-112233-ee5533.svg'],
      ['fruit-fiesta', 'fruit-11223-ee5533.svg'],
      ['fruit-fiesta', '<x>-112233-ee5533.svg'],
      ['fruit-fiesta', 'fruit.svg'],
    ]) {
      expect(parseArtPath(game!, file!), `${game}/${file}`).toBeNull();
    }
    // A colour the catalogue got wrong is drawn in the fallback colours, under its own path.
    expect(parseArtPath('g', 'fruit-x-ee5533.svg')).toEqual({ id: 'g', art: { motif: 'fruit', colors: ['x', '#ee5533'] } });
  });
});
