/** A playing card in SVG (or its back), our own drawing. */
import { cardLabel, isRed, SUITS, type ShownCard } from './cards.ts';
import { useT } from '../../i18n.ts';
import './cards.css';

export function Card({ card, held = false, className = '' }: { card: ShownCard | null; held?: boolean; className?: string }): React.JSX.Element {
  const t = useT();
  if (!card) {
    return (
      <svg className={`card back ${className}`} viewBox="0 0 70 100" role="img" aria-label={t('card.down')}>
        <rect x="1" y="1" width="68" height="98" rx="7" fill="#1e3a8a" stroke="#fff" strokeWidth="2" />
        <path d="M8 8h54v84H8z" fill="none" stroke="#93b4ff" strokeWidth="1.5" />
        <path d="M8 8 62 92M62 8 8 92" stroke="#93b4ff55" strokeWidth="6" />
      </svg>
    );
  }
  const colour = isRed(card) ? '#c8202f' : '#16181d';
  const suit = SUITS[card.suit] ?? '?';
  return (
    <svg className={`card face ${held ? 'held' : ''} ${className}`} viewBox="0 0 70 100" role="img" aria-label={cardLabel(card, t)}>
      <rect x="1" y="1" width="68" height="98" rx="7" fill="#fffdf6" stroke={held ? '#f0a500' : '#bbb'} strokeWidth={held ? 4 : 1.5} />
      <text x="7" y="20" fontSize="17" fontWeight="800" fill={colour}>{card.rank}</text>
      <text x="7" y="36" fontSize="15" fill={colour}>{suit}</text>
      <text x="35" y="68" fontSize="38" textAnchor="middle" fill={colour}>{suit}</text>
      <text x="63" y="92" fontSize="17" fontWeight="800" textAnchor="end" fill={colour}>{card.rank}</text>
    </svg>
  );
}
