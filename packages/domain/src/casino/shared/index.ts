export * from './schedule.ts';
export * from './crash-live.ts';
export * from './tv-games.ts';
export * from './bingo.ts';
export * from './virtual-sports.ts';
