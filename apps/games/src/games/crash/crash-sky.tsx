/**
 * The crash screen's sky: the climb drawn as an arc (x is time, y the multiplier's log) up to
 * `progress` (0 to 1), and the rocket at its tip — or the blast where it crashed. Solo crash
 * and the shared crash-live round draw the same sky.
 */
export function CrashSky({ label, progress, shown, crashed, lost }: { label: string; progress: number; shown: boolean; crashed: boolean; lost: boolean }): React.JSX.Element {
  const x = shown ? 20 + progress * 340 : 20;
  const y = shown ? 180 - progress * progress * 150 : 180;
  return (
    <svg viewBox="0 0 380 200" role="img" aria-label={label}>
      <path d="M20 180H370M20 180V20" stroke="#39425a" strokeWidth="2" />
      {shown ? <path d={`M20 180 Q ${20 + (x - 20) * 0.6} 180 ${x} ${y}`} fill="none" stroke={lost ? '#ff5a6a' : '#ffd166'} strokeWidth="4" /> : null}
      <g transform={`translate(${x} ${y}) rotate(-35)`}>
        {crashed ? (
          <polygon points="0,-16 5,-5 16,-4 7,3 10,14 0,7 -10,14 -7,3 -16,-4 -5,-5" fill="#ff5a3a" />
        ) : (
          <>
            <path d="M-14 -6h20l10 6-10 6h-20z" fill="#e8ecf5" />
            <path d="M-14 -6l-6-6v24l6-6z" fill="#ff5a3a" />
            <circle cx="4" cy="0" r="3" fill="#4fa3ff" />
          </>
        )}
      </g>
    </svg>
  );
}
