/** The wheel, drawn in SVG; after a spin it turns to bring the pocket under the marker at the top. */
import { useT } from '../../i18n.ts';
import { pocketColor, WHEEL_ORDER } from './roulette-logic.ts';

const R = 100;
const SLICE = 360 / WHEEL_ORDER.length;
const FILL = { green: '#0f8a4a', red: '#c8202f', black: '#16181d' } as const;

const point = (angle: number, r: number): string => {
  const a = ((angle - 90) * Math.PI) / 180;
  return `${(R + r * Math.cos(a)).toFixed(2)},${(R + r * Math.sin(a)).toFixed(2)}`;
};

export function Wheel({ pocket, spins }: { pocket: number | null; spins: number }): React.JSX.Element {
  const t = useT();
  const index = pocket === null ? 0 : WHEEL_ORDER.indexOf(pocket);
  // Whole turns per spin, so it always turns forward; then the pocket's angle back to the top.
  const turn = spins * 5 * 360 - index * SLICE;
  return (
    <svg className="wheel" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label={pocket === null ? t('roulette.wheel') : t('roulette.wheelBall', { pocket })}>
      <circle cx={R} cy={R} r={R} fill="#5b3a1a" />
      <g className="wheel-turn" style={{ transform: `rotate(${turn}deg)` }}>
        {WHEEL_ORDER.map((n, i) => {
          const a0 = i * SLICE - SLICE / 2;
          const a1 = a0 + SLICE;
          return (
            <g key={n}>
              <path d={`M${R},${R} L${point(a0, 92)} A92,92 0 0 1 ${point(a1, 92)} Z`} fill={FILL[pocketColor(n)]} stroke="#c9a24a" strokeWidth="0.6" />
              <text transform={`rotate(${i * SLICE} ${R} ${R})`} x={R} y={R - 80} textAnchor="middle" fontSize="8" fill="#fff" fontWeight="700">
                {n}
              </text>
            </g>
          );
        })}
        <circle cx={R} cy={R} r="58" fill="#3a2410" stroke="#c9a24a" strokeWidth="2" />
        <path d={`M${R} ${R - 40}V${R + 40}M${R - 40} ${R}H${R + 40}`} stroke="#c9a24a" strokeWidth="5" strokeLinecap="round" />
        <circle cx={R} cy={R} r="10" fill="#c9a24a" />
      </g>
      <polygon points={`${R - 7},2 ${R + 7},2 ${R},16`} fill="#ffd166" stroke="#000" strokeWidth="1" />
      {pocket !== null ? <circle key={spins} className="ball" cx={R} cy={R - 68} r="5" fill="#fff" stroke="#999" /> : null}
    </svg>
  );
}
