/**
 * Our own tile art (issue 13: no stock images): a scene drawn from the catalogue's `art`
 * (a motif and two colours) and the game id. Deterministic — the same game always gets the
 * same picture — and pure data, written out as an SVG file by `artSvg`. The server serves it
 * at `artPath` (immutable: everything it depends on is in the path), so a lobby's HTML holds
 * an `<img>` per tile instead of some thirty SVG elements. The game id only varies the
 * background pattern, so two games with one motif still look apart.
 */

/** The catalogue's art of a game (contracts `CasinoArt`): a motif and two colours. */
export interface CasinoArt {
  motif: string;
  colors: readonly [string, string];
}

export const ART_WIDTH = 200;
export const ART_HEIGHT = 150;

interface Paint {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
}
export type Shape =
  | ({ kind: 'circle'; cx: number; cy: number; r: number } & Paint)
  | ({ kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number } & Paint)
  | ({ kind: 'rect'; x: number; y: number; w: number; h: number; rx: number; rotate?: number } & Paint)
  | ({ kind: 'path'; d: string } & Paint)
  | ({ kind: 'text'; x: number; y: number; size: number; text: string; weight?: number; rotate?: number } & Paint);

export interface ArtScene {
  /** Background gradient, from the first colour to the second. */
  from: string;
  to: string;
  /** Gradient direction in degrees. */
  angle: number;
  pattern: Shape[];
  motif: Shape[];
}

const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK: [string, string] = ['#1d3557', '#e63946'];

/** FNV-1a of a string: a stable 32-bit seed. */
export function artSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic stream of [0, 1) numbers from a 32-bit seed (not for anything a player could bet on). */
export function seededStream(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `a` moved toward `b` by `t` (0…1). */
export function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => Math.round(v + ((pb[i] as number) - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

const round = (n: number) => Math.round(n * 10) / 10;
const CX = ART_WIDTH / 2;
const CY = ART_HEIGHT / 2 + 4;

interface Colours {
  base: string;
  accent: string;
  light: string;
  dark: string;
  white: string;
}

type Draw = (c: Colours, r: () => number) => Shape[];

function wedge(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const p = (a: number) => `${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`;
  return `M${cx} ${cy} L${p(a0)} A${r} ${r} 0 0 1 ${p(a1)} Z`;
}

function pips(n: number, x: number, y: number, size: number, fill: string): Shape[] {
  const q = size / 4;
  const at: Record<number, [number, number][]> = {
    1: [[2, 2]],
    2: [[1, 1], [3, 3]],
    3: [[1, 1], [2, 2], [3, 3]],
    4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
    6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
  };
  return (at[n] ?? []).map(([i, j]) => ({ kind: 'circle', cx: round(x + i * q), cy: round(y + j * q), r: round(size / 11), fill }));
}

const MOTIFS: Readonly<Record<string, Draw>> = {
  fruit: (c) => [
    { kind: 'path', d: `M${CX - 6} ${CY - 36} Q${CX} ${CY - 10} ${CX - 22} ${CY + 4} M${CX - 6} ${CY - 36} Q${CX + 8} ${CY - 8} ${CX + 18} ${CY + 8}`, stroke: c.dark, strokeWidth: 4, fill: 'none' },
    { kind: 'path', d: `M${CX - 6} ${CY - 36} q18 -14 34 -2 q-16 10 -34 2 Z`, fill: mix(c.accent, '#2f9e44', 0.6) },
    { kind: 'circle', cx: CX - 24, cy: CY + 16, r: 19, fill: c.accent, stroke: c.dark, strokeWidth: 2 },
    { kind: 'circle', cx: CX + 20, cy: CY + 20, r: 19, fill: c.accent, stroke: c.dark, strokeWidth: 2 },
    { kind: 'circle', cx: CX - 30, cy: CY + 9, r: 5, fill: c.white, opacity: 0.7 },
    { kind: 'circle', cx: CX + 14, cy: CY + 13, r: 5, fill: c.white, opacity: 0.7 },
  ],
  pyramid: (c) => [
    { kind: 'circle', cx: CX + 42, cy: CY - 30, r: 16, fill: c.light, opacity: 0.9 },
    { kind: 'path', d: `M${CX - 60} ${CY + 40} L${CX} ${CY - 42} L${CX + 60} ${CY + 40} Z`, fill: c.accent },
    { kind: 'path', d: `M${CX} ${CY - 42} L${CX + 60} ${CY + 40} L${CX + 12} ${CY + 40} Z`, fill: c.dark, opacity: 0.45 },
    { kind: 'path', d: `M${CX - 40} ${CY + 12} H${CX + 40} M${CX - 22} ${CY - 14} H${CX + 22}`, stroke: c.dark, strokeWidth: 2, opacity: 0.5 },
    { kind: 'rect', x: 0, y: CY + 40, w: ART_WIDTH, h: ART_HEIGHT - CY - 40, rx: 0, fill: c.dark, opacity: 0.35 },
  ],
  neon: (c) => [
    { kind: 'circle', cx: CX, cy: CY, r: 46, fill: 'none', stroke: c.accent, strokeWidth: 3, opacity: 0.5 },
    { kind: 'circle', cx: CX, cy: CY, r: 38, fill: 'none', stroke: c.light, strokeWidth: 2 },
    { kind: 'text', x: CX, y: CY + 24, size: 68, text: '7', weight: 900, fill: c.white, stroke: c.accent, strokeWidth: 3 },
  ],
  wheel: (c) => [
    { kind: 'circle', cx: CX, cy: CY, r: 52, fill: c.dark, stroke: c.light, strokeWidth: 4 },
    ...Array.from({ length: 18 }, (_, i): Shape => ({
      kind: 'path',
      d: wedge(CX, CY, 46, (i * 2 * Math.PI) / 18, ((i + 1) * 2 * Math.PI) / 18),
      fill: i === 0 ? '#2f9e44' : i % 2 ? '#c92a2a' : '#1b1b1b',
    })),
    { kind: 'circle', cx: CX, cy: CY, r: 22, fill: c.accent, stroke: c.light, strokeWidth: 3 },
    { kind: 'circle', cx: CX + 30, cy: CY - 24, r: 5, fill: c.white },
  ],
  cards: (c) => [
    { kind: 'rect', x: CX - 24, y: CY - 40, w: 50, h: 72, rx: 6, rotate: -16, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    { kind: 'rect', x: CX - 24, y: CY - 40, w: 50, h: 72, rx: 6, rotate: 0, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    { kind: 'rect', x: CX - 24, y: CY - 40, w: 50, h: 72, rx: 6, rotate: 16, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    { kind: 'text', x: CX + 14, y: CY + 8, size: 34, text: '♥', fill: '#c92a2a', rotate: 16 },
    { kind: 'text', x: CX - 10, y: CY - 14, size: 18, text: 'A', weight: 800, fill: c.dark, rotate: 16 },
  ],
  poker: (c) => [
    ...[0, 1, 2, 3].map((i): Shape => ({ kind: 'ellipse', cx: CX - 30, cy: CY + 30 - i * 9, rx: 26, ry: 10, fill: i % 2 ? c.accent : c.white, stroke: c.dark, strokeWidth: 2 })),
    { kind: 'rect', x: CX + 4, y: CY - 38, w: 46, h: 66, rx: 6, rotate: 10, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    { kind: 'text', x: CX + 27, y: CY + 4, size: 32, text: '♠', fill: c.dark, rotate: 10 },
  ],
  balls: (c, r) =>
    [0, 1, 2, 3, 4].flatMap((i): Shape[] => {
      const x = CX - 56 + i * 28;
      const y = CY + (i % 2 ? 14 : -10);
      const n = 1 + Math.floor(r() * 80);
      return [
        { kind: 'circle', cx: x, cy: y, r: 16, fill: i % 2 ? c.accent : c.white, stroke: c.dark, strokeWidth: 2 },
        { kind: 'text', x, y: y + 6, size: 15, text: String(n), weight: 800, fill: i % 2 ? c.white : c.dark },
      ];
    }),
  dice: (c) => [
    { kind: 'rect', x: CX - 52, y: CY - 30, w: 50, h: 50, rx: 9, rotate: -12, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    ...pips(5, CX - 52, CY - 30, 50, c.dark),
    { kind: 'rect', x: CX + 4, y: CY - 14, w: 50, h: 50, rx: 9, rotate: 14, fill: c.accent, stroke: c.dark, strokeWidth: 2 },
    ...pips(3, CX + 4, CY - 14, 50, c.white),
  ],
  gem: (c) => [
    { kind: 'path', d: `M${CX - 44} ${CY - 14} L${CX - 24} ${CY - 38} H${CX + 24} L${CX + 44} ${CY - 14} L${CX} ${CY + 42} Z`, fill: c.accent, stroke: c.light, strokeWidth: 2 },
    { kind: 'path', d: `M${CX - 44} ${CY - 14} H${CX + 44} M${CX - 24} ${CY - 38} L${CX - 12} ${CY - 14} L${CX} ${CY + 42} L${CX + 12} ${CY - 14} L${CX + 24} ${CY - 38} M${CX - 12} ${CY - 14} L${CX} ${CY - 38} L${CX + 12} ${CY - 14}`, fill: 'none', stroke: c.light, strokeWidth: 2 },
    { kind: 'path', d: `M${CX - 24} ${CY - 38} L${CX - 12} ${CY - 14} H${CX - 44} Z`, fill: c.white, opacity: 0.45 },
  ],
  rocket: (c) => [
    { kind: 'path', d: `M20 ${ART_HEIGHT - 18} Q${CX} ${ART_HEIGHT - 22} ${ART_WIDTH - 36} 26`, fill: 'none', stroke: c.accent, strokeWidth: 4, opacity: 0.8 },
    { kind: 'path', d: `M${CX + 4} ${CY + 14} l-14 22 l24 -8 Z`, fill: '#fab005' },
    { kind: 'path', d: `M${CX} ${CY + 10} C${CX + 10} ${CY - 20} ${CX + 34} ${CY - 40} ${CX + 56} ${CY - 46} C${CX + 52} ${CY - 22} ${CX + 34} ${CY + 2} ${CX + 4} ${CY + 14} Z`, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    { kind: 'circle', cx: CX + 30, cy: CY - 20, r: 7, fill: c.accent, stroke: c.dark, strokeWidth: 2 },
  ],
  ticket: (c, r) => [
    { kind: 'rect', x: CX - 62, y: CY - 40, w: 124, h: 80, rx: 8, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    ...Array.from({ length: 6 }, (_, i): Shape => {
      const scratched = r() < 0.5;
      return { kind: 'circle', cx: CX - 40 + (i % 3) * 40, cy: CY - 16 + Math.floor(i / 3) * 34, r: 13, fill: scratched ? c.accent : '#adb5bd', stroke: c.dark, strokeWidth: 1.5 };
    }),
  ],
  bingo: (c, r) => [
    { kind: 'rect', x: CX - 66, y: CY - 38, w: 132, h: 76, rx: 6, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    ...Array.from({ length: 15 }, (_, i): Shape[] => {
      const x = CX - 58 + (i % 5) * 26 + 10;
      const y = CY - 30 + Math.floor(i / 5) * 24 + 12;
      return r() < 0.4
        ? [{ kind: 'circle', cx: x, cy: y, r: 10, fill: c.accent, opacity: 0.85 }]
        : [{ kind: 'text', x, y: y + 5, size: 13, text: String(1 + Math.floor(r() * 90)), weight: 700, fill: c.dark }];
    }).flat(),
  ],
  football: (c) => [
    { kind: 'path', d: `M0 ${CY + 44} H${ART_WIDTH} M${CX} ${CY + 44} V${ART_HEIGHT}`, stroke: c.white, strokeWidth: 2, opacity: 0.5 },
    { kind: 'circle', cx: CX, cy: CY, r: 38, fill: c.white, stroke: c.dark, strokeWidth: 2 },
    { kind: 'path', d: `M${CX} ${CY - 14} l13 9 l-5 15 h-16 l-5 -15 Z`, fill: c.dark },
    { kind: 'path', d: `M${CX} ${CY - 14} V${CY - 38} M${CX + 13} ${CY - 5} L${CX + 36} ${CY - 12} M${CX + 8} ${CY + 10} L${CX + 22} ${CY + 30} M${CX - 8} ${CY + 10} L${CX - 22} ${CY + 30} M${CX - 13} ${CY - 5} L${CX - 36} ${CY - 12}`, stroke: c.dark, strokeWidth: 2 },
  ],
  horse: (c) => [
    ...[0, 1, 2].map((i): Shape => ({ kind: 'path', d: `M0 ${CY + 20 + i * 14} H${ART_WIDTH}`, stroke: c.white, strokeWidth: 1.5, opacity: 0.4 })),
    { kind: 'path', d: `M${CX - 30} ${CY + 34} C${CX - 48} ${CY - 10} ${CX - 30} ${CY - 46} ${CX} ${CY - 46} C${CX + 30} ${CY - 46} ${CX + 48} ${CY - 10} ${CX + 30} ${CY + 34}`, fill: 'none', stroke: c.accent, strokeWidth: 16, opacity: 1 },
    ...[-36, -20, 20, 36].map((dx): Shape => ({ kind: 'circle', cx: CX + dx, cy: CY + (Math.abs(dx) > 30 ? 6 : -30), r: 3.5, fill: c.dark })),
  ],
  tv: (c) => [
    { kind: 'path', d: `M${CX - 20} ${CY - 50} L${CX} ${CY - 34} L${CX + 20} ${CY - 50}`, stroke: c.white, strokeWidth: 3, fill: 'none' },
    { kind: 'rect', x: CX - 58, y: CY - 34, w: 116, h: 76, rx: 10, fill: c.dark, stroke: c.white, strokeWidth: 3 },
    { kind: 'rect', x: CX - 48, y: CY - 26, w: 96, h: 60, rx: 6, fill: c.accent },
    { kind: 'circle', cx: CX, cy: CY + 4, r: 20, fill: 'none', stroke: c.white, strokeWidth: 3 },
    { kind: 'circle', cx: CX + 12, cy: CY - 8, r: 4, fill: c.white },
  ],
  fish: (c) => [
    { kind: 'path', d: `M${CX + 34} ${CY} l26 -20 v40 Z`, fill: c.accent, stroke: c.dark, strokeWidth: 2 },
    { kind: 'ellipse', cx: CX - 4, cy: CY, rx: 44, ry: 26, fill: c.accent, stroke: c.dark, strokeWidth: 2 },
    { kind: 'circle', cx: CX - 28, cy: CY - 6, r: 6, fill: c.white },
    { kind: 'circle', cx: CX - 28, cy: CY - 6, r: 3, fill: c.dark },
    { kind: 'path', d: `M${CX - 6} ${CY - 22} q10 22 0 44`, fill: 'none', stroke: c.dark, strokeWidth: 2, opacity: 0.6 },
    ...[0, 1, 2].map((i): Shape => ({ kind: 'circle', cx: CX - 56 - i * 6, cy: CY - 26 - i * 14, r: 4 + i, fill: 'none', stroke: c.white, strokeWidth: 1.5 })),
  ],
  dragon: (c) => [
    { kind: 'path', d: `M${CX - 60} ${CY + 30} C${CX - 30} ${CY - 10} ${CX - 10} ${CY + 40} ${CX + 16} ${CY} S${CX + 40} ${CY - 40} ${CX + 56} ${CY - 20}`, fill: 'none', stroke: c.accent, strokeWidth: 14 },
    { kind: 'circle', cx: CX + 56, cy: CY - 22, r: 14, fill: c.accent, stroke: c.dark, strokeWidth: 2 },
    { kind: 'circle', cx: CX + 60, cy: CY - 26, r: 3, fill: c.white },
    { kind: 'path', d: `M${CX + 50} ${CY - 34} l-6 -14 l12 8 Z M${CX + 60} ${CY - 36} l2 -15 l6 12 Z`, fill: c.light },
  ],
  mines: (c, r) => [
    ...Array.from({ length: 12 }, (_, i): Shape => ({ kind: 'rect', x: CX - 62 + (i % 4) * 32, y: CY - 44 + Math.floor(i / 4) * 30, w: 28, h: 26, rx: 4, fill: r() < 0.3 ? c.accent : c.dark, opacity: 0.9 })),
    { kind: 'circle', cx: CX + 18, cy: CY + 2, r: 11, fill: '#1b1b1b', stroke: c.white, strokeWidth: 2 },
    { kind: 'text', x: CX - 14, y: CY + 10, size: 22, text: '★', fill: '#fab005' },
  ],
};
/** Other names the catalogue may use for a drawn motif. */
const ALIASES: Readonly<Record<string, string>> = { crash: 'rocket', roulette: 'wheel', keno: 'balls', scratch: 'ticket', slots: 'fruit' };

/** Motifs with a drawing of their own; any other gets the star. */
export const ART_MOTIFS: readonly string[] = [...Object.keys(MOTIFS), ...Object.keys(ALIASES)];

const star: Draw = (c, r) => {
  const points = 5 + Math.floor(r() * 3);
  const d = Array.from({ length: points * 2 }, (_, i) => {
    const a = (i * Math.PI) / points - Math.PI / 2;
    const radius = i % 2 ? 20 : 46;
    return `${i === 0 ? 'M' : 'L'}${round(CX + radius * Math.cos(a))} ${round(CY + radius * Math.sin(a))}`;
  }).join(' ');
  return [{ kind: 'path', d: `${d} Z`, fill: c.accent, stroke: c.light, strokeWidth: 3 }];
};

function pattern(kind: number, c: Colours, r: () => number): Shape[] {
  switch (kind) {
    case 0: // rays from the centre
      return Array.from({ length: 12 }, (_, i): Shape => ({
        kind: 'path',
        d: wedge(CX, CY, 180, (i * 2 * Math.PI) / 12, ((i + 0.5) * 2 * Math.PI) / 12),
        fill: c.white,
        opacity: 0.07,
      }));
    case 1: // scattered dots
      return Array.from({ length: 14 }, (): Shape => ({ kind: 'circle', cx: round(r() * ART_WIDTH), cy: round(r() * ART_HEIGHT), r: round(2 + r() * 7), fill: c.white, opacity: 0.12 }));
    case 2: // diagonal stripes
      return Array.from({ length: 9 }, (_, i): Shape => ({ kind: 'path', d: `M${i * 30 - 60} ${ART_HEIGHT} L${i * 30 + 40} 0`, stroke: c.white, strokeWidth: 10, opacity: 0.07 }));
    default: // rings
      return [70, 100, 130].map((radius): Shape => ({ kind: 'circle', cx: CX, cy: CY, r: radius, fill: 'none', stroke: c.white, strokeWidth: 14, opacity: 0.06 }));
  }
}

/** The scene of a tile: the same `art` and `id` always give the same scene. */
export function artScene(art: CasinoArt, id: string): ArtScene {
  const [a, b] = art.colors.every((colour) => HEX.test(colour)) ? art.colors : FALLBACK;
  const base = a.toLowerCase();
  const accent = b.toLowerCase();
  const c: Colours = { base, accent, light: mix(accent, '#ffffff', 0.55), dark: mix(base, '#000000', 0.55), white: '#ffffff' };
  const r = seededStream(artSeed(`${id}|${art.motif}|${base}|${accent}`));
  const kind = Math.floor(r() * 4);
  const angle = Math.floor(r() * 8) * 45;
  return {
    from: base,
    to: mix(base, accent, 0.45),
    angle,
    pattern: pattern(kind, c, r),
    motif: (MOTIFS[ALIASES[art.motif] ?? art.motif] ?? star)(c, r),
  };
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string | number) => String(value).replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);

function shapeSvg(shape: Shape): string {
  const paint = [
    `fill="${xml(shape.fill ?? 'none')}"`,
    shape.stroke ? `stroke="${xml(shape.stroke)}" stroke-width="${shape.strokeWidth ?? 1}"` : '',
    shape.opacity !== undefined ? `opacity="${shape.opacity}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  switch (shape.kind) {
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" ${paint}/>`;
    case 'ellipse':
      return `<ellipse cx="${shape.cx}" cy="${shape.cy}" rx="${shape.rx}" ry="${shape.ry}" ${paint}/>`;
    case 'rect': {
      const rotate = shape.rotate ? ` transform="rotate(${shape.rotate} ${shape.x + shape.w / 2} ${shape.y + shape.h / 2})"` : '';
      return `<rect x="${shape.x}" y="${shape.y}" width="${shape.w}" height="${shape.h}" rx="${shape.rx}"${rotate} ${paint}/>`;
    }
    case 'path':
      return `<path d="${xml(shape.d)}" stroke-linecap="round" stroke-linejoin="round" ${paint}/>`;
    case 'text': {
      const rotate = shape.rotate ? ` transform="rotate(${shape.rotate} ${shape.x} ${shape.y})"` : '';
      return `<text x="${shape.x}" y="${shape.y}" font-size="${shape.size}" font-weight="${shape.weight ?? 400}" text-anchor="middle" font-family="system-ui, sans-serif"${rotate} ${paint}>${xml(shape.text)}</text>`;
    }
  }
}

/** The tile's picture as a standalone SVG file. */
export function artSvg(art: CasinoArt, id: string): string {
  const scene = artScene(art, id);
  const rad = (scene.angle * Math.PI) / 180;
  const dx = Math.round(Math.cos(rad) * 500) / 1000;
  const dy = Math.round(Math.sin(rad) * 500) / 1000;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" width="${ART_WIDTH}" height="${ART_HEIGHT}" preserveAspectRatio="xMidYMid slice">`,
    `<defs><linearGradient id="g" x1="${0.5 - dx}" y1="${0.5 - dy}" x2="${0.5 + dx}" y2="${0.5 + dy}"><stop offset="0" stop-color="${scene.from}"/><stop offset="1" stop-color="${scene.to}"/></linearGradient></defs>`,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#g)"/>`,
    ...scene.pattern.map(shapeSvg),
    ...scene.motif.map(shapeSvg),
    '</svg>',
  ].join('');
}

/** The path under which the server serves the pictures. */
export const ART_PREFIX = '/casino-art';

/** Where the server serves a game's picture: the game id, motif and colours in the path, so it never changes under one URL. */
export function artPath(art: CasinoArt, id: string): string {
  const [a, b] = art.colors.map((colour) => (HEX.test(colour) ? colour.slice(1).toLowerCase() : 'x'));
  return `${ART_PREFIX}/${encodeURIComponent(id)}/${encodeURIComponent(art.motif)}-${a}-${b}.svg`;
}

const ART_FILE = /^([a-z-]{1,30})-([0-9a-f]{6}|x)-([0-9a-f]{6}|x)\.svg$/;
const GAME_ID = /^[a-z0-9-]{1,64}$/;

/** The game id and art of an `artPath` (its two last segments), or null when it is not one. */
export function parseArtPath(id: string, file: string): { id: string; art: CasinoArt } | null {
  const m = ART_FILE.exec(file);
  if (!m || !GAME_ID.test(id)) return null;
  const colour = (hex: string) => (hex === 'x' ? 'x' : `#${hex}`);
  return { id, art: { motif: m[1]!, colors: [colour(m[2]!), colour(m[3]!)] } };
}
