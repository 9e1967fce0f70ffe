/**
 * Captcha pictures: random characters drawn as distorted strokes in an SVG. The letters
 * are paths built from a small stroke font (no `<text>` element, no font), each one
 * rotated, scaled and jittered, over noise curves and dots, so the answer cannot be read
 * out of the markup; a solver has to rasterise and recognise it.
 */
import { randomInt } from 'node:crypto';

type Stroke = readonly (readonly [number, number])[];

/** Glyphs on a 4 × 6 grid (x right, y down). No 0/O, 1/I/L lookalikes, no 6/G, 8/B, 5/S. */
const GLYPHS: Record<string, readonly Stroke[]> = {
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.5], [3, 3.5]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.5, 2.6], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2.5], [3, 3.5], [0, 3.5]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2.5], [3, 3.5], [0, 3.5]], [[2, 3.5], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  Z: [[[0, 0], [4, 0], [0, 6], [4, 6]]],
  '2': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  '3': [[[0, 0], [4, 0], [2, 2.5], [3, 2.5], [4, 3.5], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '7': [[[0, 0], [4, 0], [1.5, 6]]],
  '9': [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6]]],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
export const CAPTCHA_LENGTH = 5;

const WIDTH = 200;
const HEIGHT = 70;

/** A fresh answer: CAPTCHA_LENGTH characters of CAPTCHA_ALPHABET (about 22^5 ≈ 5 million). */
export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** Uniform in [min, max) from the CSPRNG, to 0.01. */
function random(min: number, max: number): number {
  return min + (randomInt(0, 10_001) / 10_000) * (max - min);
}

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** The picture of `text` (characters outside the alphabet are skipped). */
export function renderCaptchaSvg(text: string): string {
  const parts: string[] = [];
  // Noise curves behind the letters.
  for (let i = 0; i < 5; i++) parts.push(noiseCurve(random(1, 2.2), `hsl(${randomInt(360)},40%,${randomInt(45, 70)}%)`));
  const slot = (WIDTH - 20) / Math.max(text.length, 1);
  [...text].forEach((char, index) => {
    const glyph = GLYPHS[char];
    if (!glyph) return;
    const scale = random(5.5, 7.5);
    const angle = (random(-25, 25) * Math.PI) / 180;
    const skew = random(-0.3, 0.3);
    const cx = 10 + slot * (index + 0.5) + random(-4, 4);
    const cy = HEIGHT / 2 + random(-5, 5);
    const d = glyph
      .map((stroke) =>
        stroke
          .map(([gx, gy], pointIndex) => {
            const x0 = (gx - 2 + random(-0.25, 0.25)) * scale;
            const y0 = (gy - 3 + random(-0.25, 0.25)) * scale;
            const xs = x0 + skew * y0;
            const x = cx + xs * Math.cos(angle) - y0 * Math.sin(angle);
            const y = cy + xs * Math.sin(angle) + y0 * Math.cos(angle);
            return `${pointIndex === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`;
          })
          .join(''),
      )
      .join('');
    parts.push(
      `<path d="${d}" fill="none" stroke="hsl(${randomInt(360)},60%,${randomInt(20, 40)}%)" stroke-width="${fmt(random(2.2, 3.4))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  // Noise over the letters: thin curves and dots.
  for (let i = 0; i < 3; i++) parts.push(noiseCurve(random(0.8, 1.5), `hsl(${randomInt(360)},50%,${randomInt(30, 60)}%)`));
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${fmt(random(0, WIDTH))}" cy="${fmt(random(0, HEIGHT))}" r="${fmt(random(0.5, 1.6))}" fill="hsl(${randomInt(360)},50%,50%)"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="captcha"><rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f4f0"/>${parts.join('')}</svg>`;
}

function noiseCurve(width: number, color: string): string {
  const y = () => fmt(random(5, HEIGHT - 5));
  return `<path d="M0 ${y()} C${fmt(random(30, 80))} ${y()} ${fmt(random(120, 170))} ${y()} ${WIDTH} ${y()}" fill="none" stroke="${color}" stroke-width="${fmt(width)}"/>`;
}
