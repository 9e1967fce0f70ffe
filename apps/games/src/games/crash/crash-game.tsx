import { useEffect, useRef, useState } from 'react';
import { CRASH } from '@betsite/domain';
import { formatHundredths } from '../../format.ts';
import { big, num, obj } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { climbAt, climbMs, parseTarget, reachChance } from './crash-logic.ts';
import { CrashSky } from './crash-sky.tsx';
import { useT } from '../../i18n.ts';
import './crash.css';

interface Flight {
  readonly point: number;
  readonly target: number;
  readonly won: boolean;
  readonly win: bigint;
}

export default function CrashGame(): React.JSX.Element {
  const { stake, busy, play, money, announce } = useGame();
  const t = useT();
  const [text, setText] = useState('2.00');
  const [flight, setFlight] = useState<Flight | null>(null);
  const [now, setNow] = useState(100);
  const [flying, setFlying] = useState(false);
  const [recent, setRecent] = useState<number[]>([]);
  const frame = useRef(0);
  const target = parseTarget(text);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const launch = async (): Promise<void> => {
    if (target === null || flying) return;
    const round = await play({ action: 'bet', stake: String(stake), cashOutAt: target });
    if (!round) return;
    const o = obj(round.outcome);
    const f: Flight = { point: num(o.point, 100), target, won: o.won === true, win: big(round.win) };
    setFlight(f);
    setFlying(true);
    const duration = climbMs(f.point);
    const started = performance.now();
    const tick = (time: number): void => {
      const value = climbAt(f.point, time - started, duration);
      setNow(value);
      if (value < f.point) frame.current = requestAnimationFrame(tick);
      else {
        setFlying(false);
        setRecent((r) => [f.point, ...r].slice(0, 10));
        announce(t('crash.announce', { point: formatHundredths(f.point), result: f.won ? t('crash.cashedWin', { target: formatHundredths(f.target), amount: money(f.win) }) : t('slots.noWin') }));
      }
    };
    frame.current = requestAnimationFrame(tick);
  };
  usePlayKey(() => void launch(), !busy && !flying);

  const cashedOut = flight !== null && flight.won && now >= flight.target;
  const crashed = flight !== null && !flying;
  // The curve: x is time, y the multiplier's log, so the shown arc is the climb so far.
  const progress = flight ? Math.min(1, Math.log(now / 100) / Math.log(Math.max(flight.point, 101) / 100)) : 0;
  return (
    <section className="crash" aria-label={t('crash.title')}>
      <div className="crash-sky">
        <CrashSky label={flight ? t('crash.multiplier', { value: formatHundredths(now) }) : t('crash.ready')} progress={progress} shown={flight !== null} crashed={crashed} lost={crashed && !flight.won} />
        <p className={`crash-figure${crashed ? (flight.won ? ' won' : ' lost') : ''}`} data-testid="crash-multiplier">
          {formatHundredths(flight ? now : 100)}×
        </p>
        {cashedOut ? <p className="crash-cashed">{t('crash.cashedAt', { target: formatHundredths(flight.target), amount: money(flight.win) })}</p> : null}
        {crashed && !flight.won ? <p className="crash-lost">{t('crash.before', { target: formatHundredths(flight.target) })}</p> : null}
      </div>
      <ol className="crash-recent" aria-label={t('crash.last')}>
        {recent.map((p, i) => (
          <li key={i} className={p >= 200 ? 'high' : 'low'}>{formatHundredths(p)}×</li>
        ))}
      </ol>
      <div className="controls">
        <label className="field">
          {t('crash.auto')}
          <input value={text} onChange={(e) => setText(e.target.value)} inputMode="decimal" size={8} aria-invalid={target === null} disabled={flying || busy} />×
        </label>
        <span className="muted">{target === null ? t('crash.range') : t('crash.chance', { chance: (reachChance(target) * 100).toFixed(2), amount: money((stake * BigInt(target)) / 100n) })}</span>
        <StakeSelector disabled={flying} />
        <button type="button" className="primary" onClick={() => void launch()} disabled={busy || flying || target === null}>{t('crash.bet')}</button>
      </div>
      <RulesPanel rtp={percent(CRASH.rtp)}>
        <p>{t('crash.rules')}</p>
      </RulesPanel>
    </section>
  );
}
