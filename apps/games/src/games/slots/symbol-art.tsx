/** Our own SVG art for every slot symbol (100×100 box), drawn from shapes; no images, no fonts. */
import type { ReactNode } from 'react';
import { EN, hasMessage, type Translate } from '../../i18n.ts';

const star = (cx: number, cy: number, r: number, inner = 0.45, points = 5): string =>
  Array.from({ length: points * 2 }, (_, i) => {
    const a = (Math.PI * i) / points - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * inner;
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

const letter = (text: string, fill: string, stroke = '#1b1200'): ReactNode => (
  <text x="50" y="68" textAnchor="middle" fontSize="54" fontWeight="900" fontFamily="Georgia, 'Times New Roman', serif" fill={fill} stroke={stroke} strokeWidth="2">
    {text}
  </text>
);

const ART: Readonly<Record<string, ReactNode>> = {
  // Fruit Fiesta
  wild: (
    <>
      <polygon points={star(50, 50, 44)} fill="#ffcf33" stroke="#b36b00" strokeWidth="4" />
      <text x="50" y="60" textAnchor="middle" fontSize="24" fontWeight="900" fill="#7a2e00">WILD</text>
    </>
  ),
  seven: letter('7', '#ff3b3b', '#7a0000'),
  bell: (
    <>
      <path d="M50 14c-16 0-24 14-24 30v18l-8 12h64l-8-12V44c0-16-8-30-24-30z" fill="#ffd23f" stroke="#a86b00" strokeWidth="4" />
      <circle cx="50" cy="82" r="8" fill="#a86b00" />
    </>
  ),
  plum: (
    <>
      <ellipse cx="50" cy="56" rx="30" ry="32" fill="#7b3fbf" stroke="#3d1670" strokeWidth="4" />
      <path d="M50 26c2-8 8-12 16-12" stroke="#3f7a1f" strokeWidth="5" fill="none" />
      <ellipse cx="40" cy="46" rx="6" ry="10" fill="#b58ae6" />
    </>
  ),
  orange: (
    <>
      <circle cx="50" cy="54" r="32" fill="#ff8c1a" stroke="#a34d00" strokeWidth="4" />
      <path d="M50 22c6-8 16-10 22-6-6 6-14 8-22 6z" fill="#3f9a2f" />
      <circle cx="40" cy="44" r="5" fill="#ffc27a" />
    </>
  ),
  lemon: (
    <>
      <ellipse cx="50" cy="52" rx="36" ry="26" fill="#f5e23a" stroke="#9c8a00" strokeWidth="4" />
      <ellipse cx="38" cy="44" rx="8" ry="4" fill="#fff7a8" />
    </>
  ),
  cherry: (
    <>
      <path d="M34 64C40 40 52 24 70 16M66 62c-2-20 0-34 4-46" stroke="#3f7a1f" strokeWidth="5" fill="none" />
      <circle cx="32" cy="70" r="16" fill="#e0142b" stroke="#6d0010" strokeWidth="3" />
      <circle cx="66" cy="70" r="16" fill="#e0142b" stroke="#6d0010" strokeWidth="3" />
      <circle cx="27" cy="64" r="4" fill="#ff8fa0" />
    </>
  ),
  scatter: (
    <>
      <circle cx="50" cy="50" r="42" fill="#1aa6ff" stroke="#0b4f80" strokeWidth="4" />
      <polygon points={star(50, 50, 30, 0.5, 8)} fill="#fff" />
      <text x="50" y="56" textAnchor="middle" fontSize="15" fontWeight="900" fill="#0b4f80">FREE</text>
    </>
  ),
  // Pharaoh's Gold
  pharaoh: (
    <>
      <path d="M50 10 18 34v26c0 18 14 30 32 30s32-12 32-30V34z" fill="#2a58c9" stroke="#f2c230" strokeWidth="4" />
      <path d="M22 40h56M24 52h52M26 64h48" stroke="#f2c230" strokeWidth="4" />
      <ellipse cx="50" cy="58" rx="16" ry="20" fill="#c98a3a" />
      <path d="M42 54h4M54 54h4M46 68h8" stroke="#1b1200" strokeWidth="3" />
    </>
  ),
  scarab: (
    <>
      <ellipse cx="50" cy="56" rx="22" ry="28" fill="#1f9a7a" stroke="#0c4a3a" strokeWidth="4" />
      <path d="M50 28v56M28 44 12 34M72 44l16-10M28 64 12 74M72 64l16 10" stroke="#0c4a3a" strokeWidth="4" />
      <circle cx="50" cy="26" r="10" fill="#f2c230" />
    </>
  ),
  eye: (
    <>
      <path d="M10 50Q50 14 90 50 50 86 10 50z" fill="#fff4d6" stroke="#1b3a8a" strokeWidth="5" />
      <circle cx="50" cy="50" r="14" fill="#1b3a8a" />
      <path d="M40 64 32 88M58 64c8 10 16 14 24 10" stroke="#1b3a8a" strokeWidth="5" fill="none" />
    </>
  ),
  ankh: (
    <>
      <ellipse cx="50" cy="28" rx="14" ry="18" fill="none" stroke="#f2c230" strokeWidth="9" />
      <path d="M50 46v46M26 52h48" stroke="#f2c230" strokeWidth="10" />
    </>
  ),
  a: letter('A', '#e0474c'),
  k: letter('K', '#3aa0e0'),
  q: letter('Q', '#48c774'),
  j: letter('J', '#b77be0'),
  pyramid: (
    <>
      <polygon points="50,12 92,86 8,86" fill="#e8b54a" stroke="#7a5400" strokeWidth="4" />
      <path d="M50 12 58 86" stroke="#7a5400" strokeWidth="3" />
      <path d="M26 60h48M16 74h68" stroke="#b3842a" strokeWidth="3" />
      <circle cx="50" cy="34" r="6" fill="#fff" />
    </>
  ),
  // Neon Nights
  star: (
    <>
      <polygon points={star(50, 50, 44)} fill="none" stroke="#ff4fd8" strokeWidth="7" />
      <polygon points={star(50, 50, 22)} fill="#ffe14f" />
    </>
  ),
  diamond: <polygon points="50,10 86,42 50,90 14,42" fill="none" stroke="#4fe3ff" strokeWidth="7" />,
  heart: <path d="M50 86 16 50c-14-16 0-40 18-36 8 2 14 8 16 14 2-6 8-12 16-14 18-4 32 20 18 36z" fill="none" stroke="#ff4f6d" strokeWidth="7" />,
  moon: <path d="M64 12a40 40 0 1 0 22 66A32 32 0 1 1 64 12z" fill="none" stroke="#b58aff" strokeWidth="7" />,
  bolt: <polygon points="58,8 22,56 48,56 40,92 80,40 54,40" fill="none" stroke="#ffe14f" strokeWidth="6" strokeLinejoin="round" />,
  note: (
    <>
      <path d="M36 76V22l40-10v54" fill="none" stroke="#4fff9a" strokeWidth="7" />
      <circle cx="28" cy="76" r="10" fill="#4fff9a" />
      <circle cx="68" cy="66" r="10" fill="#4fff9a" />
    </>
  ),
  disc: (
    <>
      <circle cx="50" cy="50" r="40" fill="#14061f" stroke="#ff4fd8" strokeWidth="6" />
      <circle cx="50" cy="50" r="26" fill="none" stroke="#4fe3ff" strokeWidth="3" />
      <circle cx="50" cy="50" r="8" fill="#ffe14f" />
    </>
  ),
};

export function SymbolArt({ id }: { id: string }): React.JSX.Element {
  return <g>{ART[id] ?? letter('?', '#888')}</g>;
}

/** The name said for a symbol (aria labels, paytable). */
export function symbolName(id: string, t: Translate = EN): string {
  const key = `symbol.${id}`;
  if (hasMessage(key)) return t(key);
  return id.length === 1 ? id.toUpperCase() : id.charAt(0).toUpperCase() + id.slice(1);
}
