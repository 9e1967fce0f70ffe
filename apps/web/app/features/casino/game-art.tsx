/** A tile's generated art (art.ts) as an SVG: decorative, the title is said next to it. */
import { memo, useId } from 'react';
import type { CasinoArt } from '@betsite/contracts';
import { ART_HEIGHT, ART_WIDTH, artScene, type Shape } from './art.ts';

function ShapeView({ shape }: { shape: Shape }) {
  const paint = {
    fill: shape.fill ?? 'none',
    ...(shape.stroke ? { stroke: shape.stroke, strokeWidth: shape.strokeWidth ?? 1 } : {}),
    ...(shape.opacity !== undefined ? { opacity: shape.opacity } : {}),
  };
  switch (shape.kind) {
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} {...paint} />;
    case 'ellipse':
      return <ellipse cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} {...paint} />;
    case 'rect': {
      const transform = shape.rotate ? `rotate(${shape.rotate} ${shape.x + shape.w / 2} ${shape.y + shape.h / 2})` : undefined;
      return <rect x={shape.x} y={shape.y} width={shape.w} height={shape.h} rx={shape.rx} transform={transform} {...paint} />;
    }
    case 'path':
      return <path d={shape.d} strokeLinecap="round" strokeLinejoin="round" {...paint} />;
    case 'text':
      return (
        <text
          x={shape.x}
          y={shape.y}
          fontSize={shape.size}
          fontWeight={shape.weight ?? 400}
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
          transform={shape.rotate ? `rotate(${shape.rotate} ${shape.x} ${shape.y})` : undefined}
          {...paint}
        >
          {shape.text}
        </text>
      );
  }
}

export const GameArt = memo(function GameArt({ art, id, className }: { art: CasinoArt; id: string; className?: string }) {
  const scene = artScene(art, id);
  const gradient = `art-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const rad = (scene.angle * Math.PI) / 180;
  const dx = Math.cos(rad) / 2;
  const dy = Math.sin(rad) / 2;
  return (
    <svg className={className} viewBox={`0 0 ${ART_WIDTH} ${ART_HEIGHT}`} preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1={0.5 - dx} y1={0.5 - dy} x2={0.5 + dx} y2={0.5 + dy}>
          <stop offset="0" stopColor={scene.from} />
          <stop offset="1" stopColor={scene.to} />
        </linearGradient>
      </defs>
      <rect width={ART_WIDTH} height={ART_HEIGHT} fill={`url(#${gradient})`} />
      {scene.pattern.map((s, i) => (
        <ShapeView key={`p${i}`} shape={s} />
      ))}
      {scene.motif.map((s, i) => (
        <ShapeView key={`m${i}`} shape={s} />
      ))}
    </svg>
  );
});
