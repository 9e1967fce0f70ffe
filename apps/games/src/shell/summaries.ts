/** One line per settled round for the history list, from its outcome (unknown JSON, read defensively). */
import { formatHundredths } from '../format.ts';
import { EN, type Translate } from '../i18n.ts';
import { big, list, num, obj, str } from '../outcome.ts';

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
      return results.length > 0 ? results.join(', ') : t('summary.blackjack');
    }
    case 'jacks-or-better':
      return str(o.result, 'nothing').replace(/_/g, ' ');
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

