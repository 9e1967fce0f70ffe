import { useState } from 'react';
import { MINES, MINES_TILES } from '@betsite/domain';
import { formatMultiplier } from '../../format.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { minesLadder, readMines, tileState, type MinesView, type TileState } from './mines-view.ts';
import { useT } from '../../i18n.ts';
import './mines.css';

const TILE_ART: Readonly<Record<TileState, React.JSX.Element | null>> = {
  hidden: null,
  gem: <polygon points="50,12 84,40 50,88 16,40" fill="#4fe3a0" stroke="#0b5a3a" strokeWidth="5" />,
  'missed-gem': <polygon points="50,12 84,40 50,88 16,40" fill="#4fe3a055" stroke="#0b5a3a" strokeWidth="4" />,
  mine: (
    <>
      <circle cx="50" cy="54" r="26" fill="#22252e" stroke="#000" strokeWidth="3" />
      <path d="M50 18v14M70 34l-8 8M30 34l8 8" stroke="#ff8a3a" strokeWidth="6" strokeLinecap="round" />
    </>
  ),
  boom: (
    <>
      <polygon points="50,4 60,36 94,30 68,54 92,82 56,70 50,98 42,70 8,82 32,54 6,30 40,36" fill="#ff5a3a" />
      <circle cx="50" cy="54" r="20" fill="#22252e" />
    </>
  ),
};

export default function MinesGame(): React.JSX.Element {
  const { session, stake, busy, play, money, announce } = useGame();
  const t = useT();
  const [view, setView] = useState<MinesView | null>(() => (session.open?.engine === 'mines' ? readMines(session.open.outcome) : null));
  const [mines, setMines] = useState(3);
  const playing = view?.status === 'playing';

  const apply = async (body: { action: string } & Record<string, unknown>): Promise<void> => {
    const round = await play(body);
    if (!round) return;
    const next = readMines(round.outcome);
    setView(next);
    if (next?.status === 'lost') announce(t('mines.lost'));
    else if (next?.status === 'cashed_out') announce(t('mines.cashed', { amount: money(next.payout) }));
    else if (next) announce(t('mines.gem', { mult: formatMultiplier(next.multiplierMilli) }));
  };
  const start = (): Promise<void> => apply({ action: 'start', stake: String(stake), mines });
  usePlayKey(() => void (playing ? view.revealed.length > 0 && apply({ action: 'cashout' }) : start()), !busy);

  const cashOut = view && playing && view.revealed.length > 0 ? (view.stake * view.multiplierMilli) / 1000n : null;
  return (
    <section className="mines" aria-label={t('mines.title')}>
      <div className="mines-main">
        <div className="mines-grid" role="group" aria-label={t('mines.field')}>
          {Array.from({ length: MINES_TILES }, (_, tile) => {
            const state = tileState(view, tile);
            return (
              <button
                key={tile}
                type="button"
                className={`tile ${state}`}
                onClick={() => void apply({ action: 'reveal', cell: tile })}
                disabled={busy || !playing || state !== 'hidden'}
                aria-label={t(state === 'hidden' ? 'mines.tile' : state === 'gem' || state === 'missed-gem' ? 'mines.tileGem' : 'mines.tileMine', { n: tile + 1 })}
              >
                {TILE_ART[state] ? <svg viewBox="0 0 100 100" aria-hidden="true">{TILE_ART[state]}</svg> : null}
              </button>
            );
          })}
        </div>
        <aside className="mines-side">
          {playing ? (
            <>
              <p>{t('mines.count')} <strong>{view.mineCount}</strong> · {t('mines.found')} <strong>{view.revealed.length}</strong></p>
              <p>{t('mines.now')} <strong>{formatMultiplier(view.multiplierMilli)}</strong>{view.nextMultiplierMilli !== null ? <> · {t('mines.next')} <strong>{formatMultiplier(view.nextMultiplierMilli)}</strong></> : null}</p>
              <button type="button" className="primary" onClick={() => void apply({ action: 'cashout' })} disabled={busy || view.revealed.length === 0}>
                {cashOut !== null ? t('mines.cashOutAmount', { amount: money(cashOut) }) : t('mines.cashOut')}
              </button>
            </>
          ) : (
            <>
              <label className="field">
                {t('mines.number')}
                <select value={mines} onChange={(e) => setMines(Number(e.target.value))} disabled={busy}>
                  {Array.from({ length: 24 }, (_, i) => i + 1).map((m) => (
                    <option key={m} value={m}>{m}</option>
                  ))}
                </select>
              </label>
              <p className="muted">{t('mines.ladder', { ladder: minesLadder(mines, 6).map((m, i) => `${i + 1}: ${formatMultiplier(m)}`).join(' · ') })}</p>
              <StakeSelector />
              <button type="button" className="primary" onClick={() => void start()} disabled={busy}>{t('mines.start')}</button>
              {view ? <p className={`mines-end ${view.status}`}>{view.status === 'lost' ? t('mines.boom') : t('mines.cashedAt', { amount: money(view.payout), mult: formatMultiplier(view.multiplierMilli) })}</p> : null}
            </>
          )}
        </aside>
      </div>
      <RulesPanel rtp={percent(MINES.rtp)}>
        <p>{t('mines.rules')}</p>
      </RulesPanel>
    </section>
  );
}
