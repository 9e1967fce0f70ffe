/**
 * The sportsbook's browser side (issue 4): odds buttons, game rows and lists, a game's
 * markets and scoreboard, the sports tree and the search over it, following a game live,
 * the player's selections, results, multi-live and the statistic table, and the urls of sports pages. Pages import
 * from here only.
 */
export { OddButton, LockIcon, isOutcomeLocked, selectionOf, settlementKey, type OddButtonProps } from './odd-button.tsx';
export { GameRow, GameTime, RowColumns, liveStatusParts, liveStatusText, type GameRowProps } from './game-row.tsx';
export { GameList, groupGames, LIVE_ROWS_MAX, type ChampGroup, type GameListProps, type SportGroup } from './game-list.tsx';
export { GameMarkets, type GameMarketsProps } from './game-markets.tsx';
export { Scoreboard } from './scoreboard.tsx';
export { SportsTree, groupByCountry, type CountryGroup, type SportsTreeProps } from './sports-tree.tsx';
export { SportsSearch, type SportsSearchProps } from './sports-search.tsx';
export {
  escapeRegExp,
  flatOptions,
  highlightParts,
  moveActive,
  orderGames,
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMIT,
  searchGroups,
  searchTerm,
  type SearchGroup,
  type SearchGroupKind,
  type SearchOption,
  type TextPart,
} from './search.ts';
export { SelectionList } from './selection-list.tsx';
export { useGameLive, gameTopic, GAME_TOPIC_FAMILY, type GameLive, type UseGameLiveOptions } from './use-game-live.ts';
export { useNow } from './use-now.ts';
export {
  applyGameDelta,
  clockSeconds,
  directionOf,
  DIRECTION_MS,
  formatClock,
  mergeSnapshot,
  NO_MARKS,
  priceMoves,
  type Direction,
  type DirectionMarks,
} from './game-state.ts';
export {
  COUPON_STORAGE_KEY,
  createSelectionStore,
  getSelectionStore,
  MAX_SELECTIONS,
  selectionKey,
  useSelections,
  type CouponState,
  type Selection,
  type UseSelections,
} from './selections.ts';
export {
  champGamePath,
  champPath,
  cyberGamePath,
  cyberPath,
  CYBER_TYPE,
  DEFAULT_MENU,
  filterOfMenu,
  gameHref,
  gamePath,
  gameSegment,
  idSlug,
  listingPath,
  MENU_FILTERS,
  MENU_SEGMENTS,
  menuOfFilter,
  menusOf,
  parseCyberParams,
  parseIdSlug,
  sectionOf,
  slugify,
  sportSegment,
  teamPath,
  type CyberLocation,
  type GameLinkInfo,
  type MenuSegment,
} from './paths.ts';
export {
  formatDay,
  formatKickoff,
  groupsOf,
  MARKET_GROUPS,
  marketGroupOf,
  marketTitle,
  outcomeLabel,
  periodLabel,
  resultColumns,
  rowMarkets,
  scopeLabel,
  sportName,
  sportOf,
  type KickoffOptions,
  type MarketGroup,
} from './names.ts';
export {
  GAMES_PAGE,
  isMissing,
  LINE_API,
  lineApi,
  lineUrls,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  type LineApi,
  type ResultsQuery,
  type ResultType,
  type TopResponse,
} from './api.ts';
export {
  loadSportsPage,
  champFinal,
  cyberSportCounts,
  listingLimit,
  type SportsPageData,
  type ListingData,
  type GameData,
  type TeamData,
  type ChampData,
  type CyberData,
  type ResultsData,
  type MultiData,
  type StatisticData,
} from './loaders.ts';
export { champResultsPath, groupResults, parseResultsFilter, resultsPath, utcDay, type ResultsFilter } from './results.ts';
export { statisticPath, STATISTIC_DAYS } from './statistic.ts';
export { MULTI_MAX, MULTI_STORAGE_KEY, multiPath, parseMultiIds } from './multi-live.ts';
export { useSectionLive, sectionTopic, applyCounts, concernsList } from './use-section-live.ts';
export { ListingPage } from './pages/listing-page.tsx';
export { GamePage } from './pages/game-page.tsx';
export { TeamPage, ChampPage } from './pages/team-champ-pages.tsx';
export { CyberPage } from './pages/cyber-page.tsx';
export { ResultsPage } from './pages/results-page.tsx';
export { MultiLivePage } from './pages/multi-live-page.tsx';
export { StatisticPage } from './pages/statistic-page.tsx';
export { LoadFailed, ListSkeleton, ResultsList, RightColumn, SportsColumn, useLeaving } from './pages/common.tsx';
export { TopGamesPanels, type TopGamesData } from './pages/top-games.tsx';
