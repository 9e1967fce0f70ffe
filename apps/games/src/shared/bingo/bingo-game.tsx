/**
 * Bingo 90: rooms by ticket price, a round every three minutes for everyone. Tickets come from
 * the player's own ticket seed (shown and changeable before buying, drawn here with the same
 * domain code the server uses, so the tickets on screen are the ones bought); after the sales
 * close the balls are called one a second to the first full house, from the round's committed
 * draw. Prizes: one line, two lines, full house, shared by the tickets that complete them first.
 */
import { useMemo, useState } from 'react';
import { BINGO_MAX_TICKETS, BINGO_POOL_PERCENT, BINGO_TIERS, bingoTickets } from '@betsite/domain';
import { formatMoney } from '../../format.ts';
import { nums, obj, str } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { RulesPanel } from '../../shell/rules-panel.tsx';
import { randomClientSeed } from '../../shell/fairness.ts';
import { useServerNow, useSharedTopic } from '../live-topic.ts';
import { RoundFairness } from '../round-fairness.tsx';
import { currentRound, pastRounds, secondsUntil, type SharedRound } from '../shared-state.ts';
import { sharedRoundIdOf, useMyBets } from '../use-my-bets.ts';
import { hasMessage, useT, type Translate } from '../../i18n.ts';
import '../shared.css';
import './bingo.css';

const ROOMS = [
  { id: 'bronze', price: 10n },
  { id: 'silver', price: 50n },
  { id: 'gold', price: 100n },
] as const;
/** One call a second after the sales close. */
const CALL_MS = 1000;
const tierName = (tier: string, t: Translate): string => {
  const key = `bingo.tier.${tier}`;
  return hasMessage(key) ? t(key) : tier;
};

interface PoolView {
  readonly pool: string;
  readonly tickets: number;
  readonly tiers: readonly { tier: string; call: number; winners: readonly string[]; prize: string }[];
}

const orderOf = (r: SharedRound | null): number[] => (r && r.state === 'settled' ? nums(obj(r.result).order) : []);
const callsOf = (r: SharedRound): number => Number(obj(r.result).calls ?? 0);
const showEnds = (r: SharedRound): number => Date.parse(r.closesAt) + callsOf(r) * CALL_MS;

function Ticket({ rows, called, label }: { rows: readonly (readonly number[])[]; called: ReadonlySet<number>; label: string }): React.JSX.Element {
  return (
    <table className="bingo-ticket" aria-label={label}>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((n, c) => (
              <td key={c} className={n === 0 ? 'blank' : called.has(n) ? 'hit' : ''}>{n === 0 ? '' : n}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function BingoGame(): React.JSX.Element {
  const { session, busy, play, money } = useGame();
  const t = useT();
  const [room, setRoom] = useState<(typeof ROOMS)[number]['id']>('bronze');
  const { state, connected } = useSharedTopic('bingo-90', room);
  const now = useServerNow(state.offsetMs);
  const [count, setCount] = useState(1);
  const [seed, setSeed] = useState(() => randomClientSeed());
  const round = currentRound(state);
  const past = pastRounds(state);
  // My bets are read again once the calls of their round are over (the show, not the settlement).
  const shown = useMemo(() => past.filter((r) => r.state !== 'settled' || now >= showEnds(r)), [past, now]);
  const { bets, add } = useMyBets(shown);
  const preview = useMemo(() => (seed.length > 0 && /^[\x21-\x7e]{1,64}$/.test(seed) ? bingoTickets(seed, count) : []), [seed, count]);
  const price = ROOMS.find((r) => r.id === room)!.price;

  const last = past[0] ?? null;
  const order = orderOf(last);
  const calling = last !== null && last.state === 'settled' && now < showEnds(last);
  const callsShown = last ? Math.min(callsOf(last), Math.max(0, Math.floor((now - Date.parse(last.closesAt)) / CALL_MS) + 1)) : 0;
  const called = new Set(order.slice(0, callsShown));
  const pool = last ? (obj(obj(last.result).pools)[`${session.mode}:${session.currency}`] as PoolView | undefined) : undefined;
  const myTicketsLast = bets.filter((b) => last && sharedRoundIdOf(b) === last.id);
  const myTicketsNow = bets.filter((b) => round && sharedRoundIdOf(b) === round.id);

  const buy = async (): Promise<void> => {
    if (!round || preview.length === 0) return;
    const answer = await play({ action: 'bet', room, tickets: count, ticketSeed: seed, roundId: round.id });
    if (answer) {
      add(answer);
      setSeed(randomClientSeed());
    }
  };

  return (
    <section className="bingo shared" aria-label={t('bingo.title')}>
      <div className="chip-row" role="tablist" aria-label={t('bingo.rooms')}>
        {ROOMS.map((r) => (
          <button key={r.id} type="button" role="tab" aria-selected={room === r.id} className={room === r.id ? 'on' : ''} onClick={() => setRoom(r.id)}>
            {t('bingo.roomTab', { room: t(`bingo.room.${r.id}`), amount: money(r.price) })}
          </button>
        ))}
      </div>
      <p className="shared-status" data-testid="shared-status">
        {!connected ? t('bingo.connecting') : round ? t('bingo.onSale', { n: round.roundNo }) : t('shared.nextRound')}
        {connected && round ? <span className="countdown">{t('shared.seconds', { n: secondsUntil(round.closesAt, now) })}</span> : null}
      </p>
      {last && last.state === 'settled' ? (
        <div className="bingo-calls" aria-live="polite">
          <p data-testid="bingo-calls">
            {t('bingo.roundCalls', { n: last.roundNo, calls: calling ? t('bingo.call', { n: callsShown }) : t('bingo.calls', { count: callsOf(last) }) })} <strong className="bingo-ball">{order[callsShown - 1] ?? '–'}</strong>
          </p>
          <div className="bingo-board" aria-label={t('bingo.called')}>
            {Array.from({ length: 90 }, (_, i) => i + 1).map((n) => (
              <span key={n} className={called.has(n) ? 'called' : ''}>{n}</span>
            ))}
          </div>
          {pool ? (
            <ul className="bingo-tiers">
              {pool.tiers.map((tier) => (
                <li key={tier.tier} className={callsShown >= tier.call ? 'won' : ''}>
                  {tierName(tier.tier, t)}: {callsShown >= tier.call ? t('bingo.wonBy', { call: tier.call, count: tier.winners.length, amount: money(tier.prize) }) : t('bingo.stillToWin')}
                </li>
              ))}
            </ul>
          ) : null}
          {myTicketsLast.flatMap((b) => (obj(b.outcome).tickets ? (obj(b.outcome).tickets as number[][][]) : bingoTickets(str(obj(b.input).ticketSeed), Number(obj(b.input).tickets ?? 0))).map((rows, i) => (
            <Ticket key={`${b.id}:${i}`} rows={rows} called={called} label={t('bingo.yourTicketIn', { i: i + 1, n: last.roundNo })} />
          )))}
        </div>
      ) : null}
      <div className="controls">
        <label className="field">
          {t('bingo.tickets')}
          <select value={count} onChange={(e) => setCount(Number(e.target.value))} disabled={busy}>
            {Array.from({ length: BINGO_MAX_TICKETS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </label>
        <label className="field">
          {t('bingo.seed')}
          <input value={seed} onChange={(e) => setSeed(e.target.value.trim())} size={18} maxLength={64} aria-invalid={preview.length === 0} disabled={busy} />
        </label>
        <button type="button" onClick={() => setSeed(randomClientSeed())} disabled={busy}>{t('bingo.newSeed')}</button>
        <span className="muted">{money(price * BigInt(count))}</span>
        <button type="button" className="primary" onClick={() => void buy()} disabled={busy || !round || preview.length === 0} data-testid="bingo-buy">{t('bingo.buy')}</button>
      </div>
      {myTicketsNow.length > 0 ? (
        <div className="bingo-preview" aria-label={t('bingo.next')}>
          <p className="muted" data-testid="bingo-mine">{t('bingo.youHave', { count: myTicketsNow.reduce((s, b) => s + Number(obj(b.input).tickets ?? 0), 0), n: round?.roundNo ?? '' })}</p>
          {myTicketsNow.flatMap((b) => bingoTickets(str(obj(b.input).ticketSeed), Number(obj(b.input).tickets ?? 0)).map((rows, i) => (
            <Ticket key={`${b.id}:${i}`} rows={rows} called={new Set()} label={t('bingo.yourTicketIn', { i: i + 1, n: round?.roundNo ?? '' })} />
          )))}
        </div>
      ) : null}
      <p className="muted">{t('bingo.fromSeed')}</p>
      <div className="bingo-preview" aria-label={t('bingo.wouldBuy')}>
        {preview.map((rows, i) => (
          <Ticket key={i} rows={rows} called={new Set()} label={t('bingo.toBuy', { i: i + 1 })} />
        ))}
      </div>
      <RulesPanel rtp={`${Number(BINGO_POOL_PERCENT)}%`}>
        <p>{t('bingo.rules', { percent: Number(BINGO_POOL_PERCENT), tiers: BINGO_TIERS.map((tier) => `${tierName(tier.id, t)} ${tier.percent}%`).join(', ') })}</p>
        <p className="muted">{t('bingo.price', { amount: formatMoney(price, session.currency, session.mode) })}</p>
      </RulesPanel>
      <RoundFairness current={round} past={past} describe={(r) => (r.state === 'void' ? t('shared.void') : t('bingo.calls', { count: callsOf(r) }))} />
    </section>
  );
}
