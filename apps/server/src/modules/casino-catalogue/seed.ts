/**
 * The demo catalogue: our own studio's brands (every game is served by our game server), the
 * lobby's categories, and one game per engine (game id = engine id). RTPs are the domain's
 * declared ones; keno's is the lowest of its pick counts' (the least a player gets), and the
 * shared engines take their table game's (TV roulette = European roulette, TV keno = keno;
 * crash-live 99.00; bingo 90 and the virtual sports 95.00 by their own pay rules).
 *
 * Idempotent: rows that exist are left alone (an operator's changes stay). The module seeds on
 * start when the catalogue has no category at all (a fresh install, or one that predates it).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import {
  BLACKJACK,
  CRASH,
  CRASH_LIVE,
  DICE,
  EUROPEAN_ROULETTE,
  FRUIT_FIESTA,
  KENO,
  MINES,
  NEON_NIGHTS,
  PHARAOHS_GOLD,
  SCRATCH_CARD,
  VIDEO_POKER,
} from '@betsite/domain';
import { CasinoOpsGameInputSchema, type CasinoCategoryId, type CasinoEngine, type CasinoOpsGameInput } from '@betsite/contracts';
import { gameValues, rtpText } from './service.ts';

export const DEMO_PROVIDERS: readonly { id: string; name: string; position: number }[] = [
  { id: 'northlight', name: 'Northlight Slots', position: 10 },
  { id: 'northlight-table', name: 'Northlight Table', position: 20 },
  { id: 'northlight-originals', name: 'Northlight Originals', position: 30 },
  { id: 'northlight-live', name: 'Northlight Live', position: 40 },
];

export const DEMO_CATEGORIES: readonly { id: CasinoCategoryId; titles: Record<string, string> }[] = [
  { id: 'slots', titles: { en: 'Slots', ru: 'Слоты' } },
  { id: 'live', titles: { en: 'Live casino', ru: 'Лайв-казино' } },
  { id: 'roulette', titles: { en: 'Roulette', ru: 'Рулетка' } },
  { id: 'card-games', titles: { en: 'Card games', ru: 'Карточные игры' } },
  { id: 'video-poker', titles: { en: 'Video poker', ru: 'Видеопокер' } },
  { id: 'poker', titles: { en: 'Poker', ru: 'Покер' } },
  { id: 'keno', titles: { en: 'Keno', ru: 'Кено' } },
  { id: 'bingo', titles: { en: 'Bingo', ru: 'Бинго' } },
  { id: 'scratchcards', titles: { en: 'Scratch cards', ru: 'Скретч-карты' } },
  { id: 'crash-games', titles: { en: 'Crash games', ru: 'Краш-игры' } },
  { id: 'fast-games', titles: { en: 'Fast games', ru: 'Быстрые игры' } },
  { id: 'tvgames', titles: { en: 'TV games', ru: 'ТВ-игры' } },
  { id: 'virtualsports', titles: { en: 'Virtual sports', ru: 'Виртуальный спорт' } },
  { id: 'skill-games', titles: { en: 'Skill games', ru: 'Игры на мастерство' } },
];

/** A declared RTP (0.9619) as the catalogue's text ("96.19"), rounded to the basis point. */
const rtp = (value: number) => rtpText(Math.round(value * 10_000));

type DemoGame = CasinoOpsGameInput & { id: CasinoEngine };
const game = (g: Omit<DemoGame, 'minStake' | 'maxStake' | 'demo'> & Partial<Pick<DemoGame, 'minStake' | 'maxStake' | 'demo'>>): DemoGame => ({
  // 0.10 to 100.00 in the currency's minor units, demo allowed, unless a game says otherwise.
  minStake: '10',
  maxStake: '10000',
  demo: true,
  ...g,
});

export const DEMO_GAMES: readonly DemoGame[] = [
  game({
    id: 'fruit-fiesta', engine: 'fruit-fiesta', provider: 'northlight', category: 'slots', subcategories: ['popular'],
    titles: { en: FRUIT_FIESTA.title, ru: 'Фруктовая фиеста' },
    descriptions: {
      en: 'A classic fruit slot: 5 reels, 3 rows, 10 paylines. Wilds stand in for every fruit; three or more scatters give 10 free spins with every win doubled.',
      ru: 'Классический фруктовый слот: 5 барабанов, 3 ряда, 10 линий. Вайлд заменяет любой фрукт; три скаттера и больше дают 10 бесплатных вращений с удвоением выигрышей.',
    },
    art: { motif: 'fruit', colors: ['#ff6b35', '#7b2cbf'] }, rtp: rtp(FRUIT_FIESTA.rtp), volatility: 'low', popular: true, popularity: 10,
  }),
  game({
    id: 'pharaohs-gold', engine: 'pharaohs-gold', provider: 'northlight', category: 'slots', subcategories: ['popular'],
    titles: { en: PHARAOHS_GOLD.title, ru: 'Золото фараона' },
    descriptions: {
      en: 'Egyptian treasure on 5 reels and 20 paylines. The pharaoh is wild; three or more pyramids give 15 free spins with every win tripled.',
      ru: 'Сокровища Египта на 5 барабанах и 20 линиях. Фараон — вайлд; три пирамиды и больше дают 15 бесплатных вращений с утроением выигрышей.',
    },
    art: { motif: 'pyramid', colors: ['#d4a017', '#1b3a5c'] }, rtp: rtp(PHARAOHS_GOLD.rtp), volatility: 'high', popular: true, popularity: 20,
  }),
  game({
    id: 'neon-nights', engine: 'neon-nights', provider: 'northlight', category: 'slots', subcategories: ['new'],
    titles: { en: NEON_NIGHTS.title, ru: 'Неоновые ночи' },
    descriptions: {
      en: 'A night-club slot on 5 reels and 25 paylines. Stars are wild; three or more discs give 8 free spins with every win doubled.',
      ru: 'Слот ночного клуба: 5 барабанов и 25 линий. Звезда — вайлд; три диска и больше дают 8 бесплатных вращений с удвоением выигрышей.',
    },
    art: { motif: 'neon', colors: ['#ff2e97', '#1a1a40'] }, rtp: rtp(NEON_NIGHTS.rtp), volatility: 'medium', isNew: true, popularity: 40,
  }),
  game({
    id: 'european-roulette', engine: 'european-roulette', provider: 'northlight-table', category: 'roulette', subcategories: ['table', 'popular'],
    titles: { en: EUROPEAN_ROULETTE.title, ru: 'Европейская рулетка' },
    descriptions: {
      en: 'One zero, 37 pockets. Straight up pays 35 to 1; splits, streets, corners, lines, dozens, columns and even chances pay by the numbers they cover.',
      ru: 'Одно зеро, 37 ячеек. Ставка на число платит 35 к 1; сплиты, стриты, углы, линии, дюжины, колонки и равные шансы — по числу покрытых номеров.',
    },
    art: { motif: 'wheel', colors: ['#0b6e4f', '#c1121f'] }, rtp: rtp(EUROPEAN_ROULETTE.rtp), volatility: 'medium', popular: true, popularity: 30,
  }),
  game({
    id: 'blackjack', engine: 'blackjack', provider: 'northlight-table', category: 'card-games', subcategories: ['table'],
    titles: { en: BLACKJACK.title, ru: 'Блэкджек' },
    descriptions: {
      en: 'Beat the dealer to 21. Six decks; the dealer stands on soft 17; double on any first two cards, split pairs up to four hands; blackjack pays 3 to 2.',
      ru: 'Обыграйте дилера, набрав до 21. Шесть колод; дилер останавливается на мягких 17; удвоение на любых первых двух картах, сплит пар до четырёх рук; блэкджек платит 3 к 2.',
    },
    art: { motif: 'cards', colors: ['#14532d', '#e11d48'] }, rtp: rtp(BLACKJACK.rtp), volatility: 'low', popularity: 50,
  }),
  game({
    id: 'jacks-or-better', engine: 'jacks-or-better', provider: 'northlight-table', category: 'card-games', subcategories: ['video-poker', 'poker'],
    titles: { en: 'Jacks or Better', ru: 'Валеты или лучше' },
    descriptions: {
      en: 'Video poker on the full-pay 9/6 table: hold cards, draw once, a pair of jacks or better wins. Full house pays 9, flush 6.',
      ru: 'Видеопокер с полной таблицей 9/6: оставьте карты, замените остальные один раз; выигрывает пара валетов и старше. Фулл-хаус платит 9, флеш 6.',
    },
    art: { motif: 'poker', colors: ['#1e3a8a', '#facc15'] }, rtp: rtp(VIDEO_POKER.rtp), volatility: 'medium', popularity: 60,
  }),
  game({
    id: 'keno', engine: 'keno', provider: 'northlight-table', category: 'keno', subcategories: ['fast-games'],
    titles: { en: KENO.title, ru: 'Кено' },
    descriptions: {
      en: 'Pick 1 to 10 numbers of 80; 20 are drawn. The more you hit, the more you win — every pick count has its own paytable.',
      ru: 'Выберите от 1 до 10 чисел из 80; выпадают 20. Чем больше совпадений, тем больше выигрыш — у каждого числа выбранных своя таблица выплат.',
    },
    art: { motif: 'balls', colors: ['#0ea5e9', '#f97316'] }, rtp: rtp(KENO.rtp), volatility: 'high', popularity: 70,
  }),
  game({
    id: 'dice', engine: 'dice', provider: 'northlight-originals', category: 'fast-games', subcategories: [],
    titles: { en: DICE.title, ru: 'Кости' },
    descriptions: {
      en: 'Pick a target from 1.00 to 98.00 and roll from 0.00 to 99.99: under the target wins. The lower the target, the higher the multiplier.',
      ru: 'Выберите цель от 1,00 до 98,00 и бросьте от 0,00 до 99,99: выигрывает результат ниже цели. Чем ниже цель, тем выше множитель.',
    },
    art: { motif: 'dice', colors: ['#16a34a', '#111827'] }, rtp: rtp(DICE.rtp), volatility: 'medium', popularity: 80,
  }),
  game({
    id: 'mines', engine: 'mines', provider: 'northlight-originals', category: 'fast-games', subcategories: [],
    titles: { en: MINES.title, ru: 'Мины' },
    descriptions: {
      en: 'A 5×5 field with 1 to 24 mines. Open tiles one by one; every safe tile raises the multiplier. Cash out before you hit a mine.',
      ru: 'Поле 5×5 с 1–24 минами. Открывайте клетки одну за другой; каждая безопасная поднимает множитель. Заберите выигрыш, пока не попали на мину.',
    },
    art: { motif: 'gem', colors: ['#22d3ee', '#312e81'] }, rtp: rtp(MINES.rtp), volatility: 'medium', popularity: 90,
  }),
  game({
    id: 'scratch', engine: 'scratch', provider: 'northlight', category: 'scratchcards', subcategories: ['fast-games'],
    titles: { en: SCRATCH_CARD.title, ru: 'Счастливые девятки' },
    descriptions: {
      en: 'Scratch nine amounts: three of the same win that amount times your stake, up to 10,000×.',
      ru: 'Сотрите девять сумм: три одинаковые выигрывают эту сумму, умноженную на ставку, до 10 000×.',
    },
    art: { motif: 'ticket', colors: ['#eab308', '#7c2d12'] }, rtp: rtp(SCRATCH_CARD.rtp), volatility: 'high', popularity: 100,
  }),
  game({
    id: 'crash', engine: 'crash', provider: 'northlight-originals', category: 'crash-games', subcategories: ['fast-games'],
    titles: { en: CRASH.title, ru: 'Краш' },
    descriptions: {
      en: 'Set a cash-out multiplier from 1.01× to 10,000× and launch the rocket: if it flies past your target before it crashes, you win stake × target.',
      ru: 'Задайте множитель от 1,01× до 10 000× и запустите ракету: если она пролетит вашу цель до взрыва, вы выиграете ставку × цель.',
    },
    art: { motif: 'rocket', colors: ['#f43f5e', '#0f172a'] }, rtp: rtp(CRASH.rtp), volatility: 'high', popularity: 110,
  }),
  game({
    id: 'crash-live', engine: 'crash-live', provider: 'northlight-live', category: 'crash-games', subcategories: ['live', 'fast-games', 'popular'],
    titles: { en: CRASH_LIVE.title, ru: 'Краш Лайв' },
    descriptions: {
      en: 'One rocket for everyone: bet before the round, watch the multiplier climb with the other players and cash out any moment before it crashes.',
      ru: 'Одна ракета для всех: сделайте ставку до раунда, следите за множителем вместе с другими игроками и заберите выигрыш в любой момент до взрыва.',
    },
    art: { motif: 'rocket', colors: ['#a855f7', '#020617'] }, rtp: rtp(CRASH_LIVE.rtp), volatility: 'high', popular: true, isNew: true, popularity: 15,
  }),
  game({
    id: 'bingo-90', engine: 'bingo-90', provider: 'northlight-live', category: 'bingo', subcategories: ['live'],
    titles: { en: 'Bingo 90', ru: 'Бинго 90' },
    descriptions: {
      en: '90-ball bingo rooms on a schedule: buy tickets before the draw and win for lines and the full house.',
      ru: 'Залы бинго на 90 шаров по расписанию: купите билеты до розыгрыша и выигрывайте за линии и весь билет.',
    },
    art: { motif: 'bingo', colors: ['#ec4899', '#1e40af'] }, rtp: '95.00', volatility: 'medium', maxStake: '1000', popularity: 120,
  }),
  game({
    id: 'tv-roulette', engine: 'tv-roulette', provider: 'northlight-live', category: 'tvgames', subcategories: ['live', 'roulette'],
    titles: { en: 'TV Roulette', ru: 'ТВ-рулетка' },
    descriptions: {
      en: 'European roulette drawn on a public schedule for every player: place your bets before the spin, every bet pays as at the table.',
      ru: 'Европейская рулетка по открытому расписанию для всех игроков: ставки до вращения, выплаты как за столом.',
    },
    art: { motif: 'tv', colors: ['#b91c1c', '#064e3b'] }, rtp: rtp(EUROPEAN_ROULETTE.rtp), volatility: 'medium', popularity: 130,
  }),
  game({
    id: 'tv-keno', engine: 'tv-keno', provider: 'northlight-live', category: 'tvgames', subcategories: ['live', 'keno'],
    titles: { en: 'TV Keno', ru: 'ТВ-кено' },
    descriptions: {
      en: 'Keno drawn on a public schedule for every player: pick 1 to 10 numbers before the draw of 20 of 80, paid by the keno paytable.',
      ru: 'Кено по открытому расписанию для всех игроков: выберите от 1 до 10 чисел до розыгрыша 20 из 80, выплаты по таблице кено.',
    },
    art: { motif: 'tv', colors: ['#0369a1', '#fbbf24'] }, rtp: rtp(KENO.rtp), volatility: 'high', popularity: 140,
  }),
  game({
    id: 'virtual-football', engine: 'virtual-football', provider: 'northlight-live', category: 'virtualsports', subcategories: ['live'],
    titles: { en: 'Virtual Football', ru: 'Виртуальный футбол' },
    descriptions: {
      en: 'A virtual football match every few minutes, played by our sport model: bet on the result before kick-off.',
      ru: 'Виртуальный футбольный матч каждые несколько минут по нашей спортивной модели: ставка на исход до начала.',
    },
    art: { motif: 'football', colors: ['#15803d', '#f8fafc'] }, rtp: '95.00', volatility: 'medium', popularity: 150,
  }),
  game({
    id: 'virtual-race', engine: 'virtual-race', provider: 'northlight-live', category: 'virtualsports', subcategories: ['live'],
    titles: { en: 'Virtual Race', ru: 'Виртуальные скачки' },
    descriptions: {
      en: 'A virtual horse race every few minutes: back a runner to win before the start.',
      ru: 'Виртуальные скачки каждые несколько минут: поставьте на победителя до старта.',
    },
    art: { motif: 'horse', colors: ['#92400e', '#fde68a'] }, rtp: '95.00', volatility: 'medium', popularity: 160,
  }),
];

/** Inserts whatever demo rows are missing; answers how many games it added. */
export async function seedCasinoCatalogue(db: Kysely<Database>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('casino_providers')
      .values(DEMO_PROVIDERS.map((p) => ({ ...p, created_at: now })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('casino_categories')
      .values(DEMO_CATEGORIES.map((c, i) => ({ id: c.id, titles: JSON.stringify(c.titles), position: (i + 1) * 10, created_at: now })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // Checked like an operator's input. Added a minute apart, the games flagged new a day later than the rest (the `new` sort).
    const rows = DEMO_GAMES.map((g, i) => {
      const { id, ...input } = g;
      const addedAt = now.getTime() - (g.isNew ? 0 : 86_400_000) - i * 60_000;
      return { id, ...gameValues(CasinoOpsGameInputSchema.parse(input)), created_at: new Date(addedAt) };
    });
    const res = await trx.insertInto('casino_games').values(rows).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0n);
  });
}

/** True when the catalogue has no category (nothing to show a lobby with). */
export async function catalogueIsEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('casino_categories').select('id').limit(1).executeTakeFirst()) === undefined;
}
