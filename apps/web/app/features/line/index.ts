/**
 * The sportsbook's browser side (issue 4): the sports pages (line and live listings, game,
 * team, champ, cyber, multi-live, results, statistic), what their route loads, the home
 * page's top games, and sport names for other features. Everything else in this folder is
 * the pages' own; others import from here only.
 */
export { lineApi, type LineApi } from './api.ts';
export { sportName } from './names.ts';
export { loadSportsPage, type SportsPageData } from './loaders.ts';
export { ListingPage } from './pages/listing-page.tsx';
export { GamePage } from './pages/game-page.tsx';
export { TeamPage, ChampPage } from './pages/team-champ-pages.tsx';
export { CyberPage } from './pages/cyber-page.tsx';
export { ResultsPage } from './pages/results-page.tsx';
export { MultiLivePage } from './pages/multi-live-page.tsx';
export { StatisticPage } from './pages/statistic-page.tsx';
export { LoadFailed } from './pages/load-failed.tsx';
export { TopGamesPanels, type TopGamesData } from './pages/top-games.tsx';
// The bet slip (coupon feature) builds on the selections kept here.
export { getSelectionStore, selectionOf, useSelections, type Selection } from './selections.ts';
export { SelectionList } from './selection-list.tsx';
export { SLIP_ANCHOR } from './slip-badge.tsx';
