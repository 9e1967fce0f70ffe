/** One line per settled round for the history list, from its outcome (unknown JSON, read defensively). */
import { formatHundredths } from '../format.ts';
import { big, list, num, obj, str } from '../outcome.ts';


export function summarizeRound(engine: string, outcome: unknown): string {
  const o = obj(outcome);
  switch (engine) {
    case 'fruit-fiesta':
    case 'pharaohs-gold':
    case 'neon-nights': {
      const lines = list(obj(o.base).lineWins).length;
      const free = list(o.freeSpins).length;
      return `${lines} winning line${lines === 1 ? '' : 's'}${free > 0 ? `, ${free} free spins` : ''}`;
    }
    case 'european-roulette':
      return `Ball on ${num(o.pocket)}`;
    case 'blackjack': {
      const results = list(o.results).map((r) => str(r)).filter(Boolean);
      return results.length > 0 ? results.join(', ') : 'Blackjack';
    }
    case 'jacks-or-better':
      return str(o.result, 'nothing').replace(/_/g, ' ');
    case 'keno':
      return `${num(o.hits)} of ${list(o.picks).length} hit`;
    case 'dice':
      return `Roll ${formatHundredths(num(o.roll))}`;
    case 'mines':
      return str(o.status) === 'lost' ? `Mine after ${Math.max(0, list(o.revealed).length - 1)} safe` : `Cashed out after ${list(o.revealed).length} safe`;
    case 'scratch':
      return big(o.multiplierMilli) > 0n ? 'Three of a kind' : 'No prize';
    case 'crash':
      return `Crashed at ${formatHundredths(num(o.point))}×`;
    default:
      return engine;
  }
}

