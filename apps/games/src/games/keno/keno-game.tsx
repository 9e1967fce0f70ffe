import { useEffect, useState } from 'react';
import { num, nums, obj } from '../../outcome.ts';
import { formatMultiplier } from '../../format.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { kenoPayRows, kenoRtpOf, MAX_PICKS, quickPick, togglePick } from './keno-logic.ts';
import { useT } from '../../i18n.ts';
import './keno.css';

const REVEAL_MS = 60;

export default function KenoGame(): React.JSX.Element {
  const { stake, busy, play, money, announce } = useGame();
  const t = useT();
  const [picks, setPicks] = useState<number[]>([]);
  const [drawn, setDrawn] = useState<number[]>([]);
  const [shown, setShown] = useState(0);
  const [hits, setHits] = useState<number | null>(null);
  const [playedPicks, setPlayedPicks] = useState(0);
  useEffect(() => {
    if (shown >= drawn.length) return;
    const timer = setTimeout(() => setShown((s) => s + 1), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [shown, drawn]);
  const visible = new Set(drawn.slice(0, shown));
  const revealing = shown < drawn.length;
  const rows = kenoPayRows(picks.length || playedPicks);
  const rtp = kenoRtpOf(picks.length || playedPicks);

  const draw = async (): Promise<void> => {
    if (picks.length === 0) {
      announce(t('keno.pickFirst'));
      return;
    }
    const round = await play({ action: 'draw', stake: String(stake), picks });
    if (!round) return;
    const o = obj(round.outcome);
    setDrawn(nums(o.drawn));
    setShown(0);
    setHits(num(o.hits));
    setPlayedPicks(picks.length);
    const win = BigInt(round.win);
    announce(`${t('keno.hitOf', { hits: num(o.hits), picks: picks.length })} ${win > 0n ? t('slots.youWin', { amount: money(win) }) : t('slots.noWin')}`);
  };
  usePlayKey(() => void draw(), !busy && !revealing);
  const change = (next: number[]): void => {
    setPicks(next);
    setDrawn([]);
    setHits(null);
  };

  return (
    <section className="keno" aria-label={t('keno.title')}>
      <div className="keno-main">
        <div className="keno-board" role="group" aria-label={t('keno.board', { max: MAX_PICKS })}>
          {Array.from({ length: 80 }, (_, i) => i + 1).map((n) => {
            const picked = picks.includes(n);
            const out = visible.has(n);
            return (
              <button
                key={n}
                type="button"
                className={`ball${picked ? ' picked' : ''}${out ? ' drawn' : ''}${picked && out ? ' hit' : ''}`}
                aria-pressed={picked}
                aria-label={`${t('keno.number', { n })}${out ? t('keno.drawn') : ''}`}
                onClick={() => change(togglePick(picks, n))}
                disabled={busy || revealing || (!picked && picks.length >= MAX_PICKS)}
              >
                {n}
              </button>
            );
          })}
        </div>
        <aside className="keno-side">
          <p>
            {t('keno.picked')} <strong>{picks.length}</strong> {t('keno.pickedOf', { max: MAX_PICKS })}
          </p>
          <table className="paytable">
            <caption>{picks.length || playedPicks ? t('keno.paysFor', { picks: picks.length || playedPicks, rtp: rtp === null ? '—' : percent(rtp) }) : t('keno.pickToSee')}</caption>
            <thead><tr><th>{t('keno.hits')}</th><th>{t('keno.pays')}</th><th>{t('keno.win')}</th></tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.hits} className={!revealing && hits === r.hits && playedPicks === (picks.length || playedPicks) ? 'hit' : ''}>
                  <td>{r.hits}</td>
                  <td>{formatMultiplier(r.milli)}</td>
                  <td className="num">{money((stake * BigInt(r.milli)) / 1000n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {hits !== null && !revealing ? <p className="keno-hits" data-testid="keno-hits">{t('keno.hitCount', { count: hits })}</p> : null}
        </aside>
      </div>
      <div className="controls">
        <button type="button" onClick={() => change(quickPick(picks.length || MAX_PICKS))} disabled={busy || revealing}>{t('keno.quick')}</button>
        <button type="button" onClick={() => change([])} disabled={busy || revealing || picks.length === 0}>{t('keno.clear')}</button>
        <StakeSelector />
        <button type="button" className="primary" onClick={() => void draw()} disabled={busy || revealing || picks.length === 0}>{t('keno.draw')}</button>
      </div>
      <RulesPanel rtp={rtp === null ? t('keno.rtpRange') : percent(rtp)}>
        <p>{t('keno.rules')}</p>
        <table className="paytable">
          <thead><tr><th>{t('keno.picks')}</th><th>RTP</th><th>{t('keno.topPay')}</th></tr></thead>
          <tbody>
            {Array.from({ length: MAX_PICKS }, (_, i) => i + 1).map((p) => (
              <tr key={p}><td>{p}</td><td>{percent(kenoRtpOf(p) ?? 0)}</td><td>{formatMultiplier(kenoPayRows(p)[0]?.milli ?? 0)}</td></tr>
            ))}
          </tbody>
        </table>
      </RulesPanel>
    </section>
  );
}
