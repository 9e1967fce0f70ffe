export { CasinoCategoryBar, casinoCategories } from './category-bar.tsx';
export { CasinoSkeleton, GameTilesSkeleton, SKELETON_GAME_TILES, SKELETON_OTHER_GAME_TILES } from './skeleton.tsx';
export { casinoApi } from './api.ts';
export { loadCasinoPage, type CasinoPageData } from './loaders.ts';
export { FavoritesProvider } from './favorites.tsx';
export { LobbyPage, MyCasinoPage, ProviderPage, ProvidersPage, SearchPage, ThankYouPage } from './lobby-page.tsx';
export { GamePage } from './game-page.tsx';
export { VerifyPage } from './verify-page.tsx';
export { CasinoHistoryView, OfficeHistoryTabs } from './casino-history.tsx';
