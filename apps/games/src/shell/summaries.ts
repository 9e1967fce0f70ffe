/** One line per settled round for the history list, from its outcome (unknown JSON, read defensively). */
import { formatHundredths } from '../format.ts';
import { EN, hasMessage, type Translate } from '../i18n.ts';
import { big, list, num, obj, str } from '../outcome.ts';

/** A text of ours when the key exists, else the outcome's own word (a newer engine's). */
const known = (key: string, fallback: string, t: Translate): string => (hasMessage(key) ? t(key) : fallback);

export function summarizeRound(engine: string, outcome: unknown, t: Translate = EN): string {
  const o = obj(outcome);
  switch (engine) {
    case 'fruit-fiesta':
    case 'pharaohs-gold':
    case 'neon-nights': {
      const lines = list(obj(o.base).lineWins).length;
      const free = list(o.freeSpins).length;
      return `${t('summary.lines', { count: lines })}${free > 0 ? t('summary.free', { count: free }) : ''}`;
    }
    case 'european-roulette':
      return t('summary.ball', { pocket: num(o.pocket) });
    case 'blackjack': {
      const results = list(o.results).map((r) => str(r)).filter(Boolean);
      return results.length > 0 ? results.map((r) => known(`summary.bj.${r}`, r, t)).join(', ') : t('summary.blackjack');
    }
    case 'jacks-or-better':
      return known(`summary.vp.${str(o.result, 'nothing')}`, str(o.result, 'nothing').replace(/_/g, ' '), t);
    case 'keno':
      return t('summary.keno', { hits: num(o.hits), picks: list(o.picks).length });
    case 'dice':
      return t('summary.dice', { roll: formatHundredths(num(o.roll)) });
    case 'mines':
      return str(o.status) === 'lost' ? t('summary.mine', { safe: Math.max(0, list(o.revealed).length - 1) }) : t('summary.cashed', { safe: list(o.revealed).length });
    case 'scratch':
      return big(o.multiplierMilli) > 0n ? t('summary.three') : t('summary.noPrize');
    case 'crash':
      return t('summary.crash', { point: formatHundredths(num(o.point)) });
    default:
      return engine;
  }
}

