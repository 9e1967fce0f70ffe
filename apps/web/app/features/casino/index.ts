export { CasinoCategoryBar, casinoCategories } from './category-bar.tsx';
export { GameTilesSkeleton, SKELETON_GAME_TILES } from './skeleton.tsx';
