/**
 * The games' texts in the session's language (GET /rgs/v1/session `language`): English and
 * Russian tables with the same keys; any other language reads English (SPEC §5: fallback en).
 * A plain module (no i18n library): it ships in the shell's chunk, never in the entry.
 * `{name}` in a text is replaced by params.name; a text with plural forms picks its form for
 * params.count with Intl.PluralRules of the language.
 */
import { createContext, useContext } from 'react';

export type Language = 'en' | 'ru';
export const LANGUAGES: readonly Language[] = ['en', 'ru'];

type Plural = { readonly one: string; readonly few?: string; readonly many?: string; readonly other: string };
type Text = string | Plural;

const en = {
  'shell.loading': 'Loading the game…',
  'shell.cannotStart': 'The game cannot start',
  'shell.code': 'Code: {code}',
  'shell.engineUnknown': 'This game ({engine}) is not available here.',
  'shell.demo': 'Demo — fun money',
  'shell.real': 'Real money',
  'shell.balance': 'Balance',
  'shell.dismiss': 'Dismiss the message',
  'stake.label': 'Stake',
  'stake.total': 'Total stake',
  'stake.lower': 'Lower the stake',
  'stake.raise': 'Raise the stake',
  'rules.title': 'Rules and paytable',
  'rules.rtp': 'Return to player:',
  'rules.fair': 'Every result comes from the provably fair generator (see Provably fair).',
  'history.title': 'Round history',
  'history.loading': 'Loading…',
  'history.empty': 'No rounds yet.',
  'history.time': 'Time',
  'history.result': 'Result',
  'history.stake': 'Stake',
  'history.win': 'Win',
  'history.nonce': 'Nonce',
  'history.round': 'Round {id} · seed hash {hash}',
  'history.seed': ' · seed {seed}',
  'history.open': 'In progress',
  'history.refunded': 'Refunded',
  'fair.title': 'Provably fair',
  'fair.hash': 'Server seed hash (SHA-256)',
  'fair.nonce': 'Next nonce',
  'fair.clientSeed': 'Client seed',
  'fair.random': 'New random seed',
  'fair.save': 'Save client seed',
  'fair.help': 'Your seed is mixed into every result: HMAC-SHA256(server seed, client seed:nonce).',
  'fair.rotate': 'Reveal the server seed and start a new one',
  'fair.revealed': 'Revealed server seed',
  'fair.revealedHash': 'Its hash (as shown before play)',
  'fair.rounds': 'Rounds on it',
  'fair.none': 'none',
  'fair.nonces': 'nonces 0 to {last}: each can now be recomputed',
  'seed.empty': 'Enter a client seed.',
  'seed.long': 'At most 64 characters.',
  'seed.chars': 'Printable characters without spaces only.',
  'summary.lines': { one: '{count} winning line', other: '{count} winning lines' },
  'summary.free': { one: ', {count} free spin', other: ', {count} free spins' },
  'summary.ball': 'Ball on {pocket}',
  'summary.blackjack': 'Blackjack',
  'summary.keno': '{hits} of {picks} hit',
  'summary.dice': 'Roll {roll}',
  'summary.mine': 'Mine after {safe} safe',
  'summary.cashed': 'Cashed out after {safe} safe',
  'summary.three': 'Three of a kind',
  'summary.noPrize': 'No prize',
  'summary.crash': 'Crashed at {point}×',
  'error.insufficient_funds': 'Not enough money on your balance for this stake.',
  'error.self_excluded': 'You are self-excluded: real-money play is closed until your exclusion ends.',
  'error.session_limit_reached': 'Your session time limit is reached: play again when it allows.',
  'error.wager_limit_exceeded': 'This stake is over your wagering limit.',
  'error.loss_limit_exceeded': 'This stake could take you over your loss limit.',
  'error.deposit_limit_exceeded': 'Your deposit limit is reached.',
  'error.play_not_allowed': 'Play is not allowed on this account. Please contact support.',
  'error.stake_out_of_range': 'The stake is outside this game’s limits.',
  'error.invalid_request': 'The game could not accept this move.',
  'error.invalid_play': 'That move is not allowed now.',
  'error.round_in_progress': 'Finish the round in progress first.',
  'error.no_open_round': 'There is no round in progress.',
  'error.round_busy': 'The previous move is still being played.',
  'error.wallet_unavailable': 'The casino wallet is not answering. Your balance is safe; try again shortly.',
  'error.game_not_found': 'This game is not available.',
  'error.launch_token_invalid': 'This game link has already been used or has expired. Reopen the game from the casino.',
  'error.session_expired': 'Your game session has expired. Reopen the game from the casino.',
  'error.session_invalid': 'This game session is not valid. Reopen the game from the casino.',
  'error.session_not_found': 'This game session is not valid. Reopen the game from the casino.',
  'error.rgs_session_invalid': 'This game session is not valid. Reopen the game from the casino.',
  'error.network_error': 'The game server could not be reached. Check your connection and try again.',
  'error.server_error': 'The game server had a problem. Your balance is safe; try again.',
  'error.too_many_requests': 'Too many moves at once: wait a moment.',
  'error.refused': 'The game server refused the move ({code}).',
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof en;

const ru: Readonly<Record<MessageKey, Text>> = {
  'shell.loading': 'Загрузка игры…',
  'shell.cannotStart': 'Игру не удалось запустить',
  'shell.code': 'Код: {code}',
  'shell.engineUnknown': 'Эта игра ({engine}) здесь недоступна.',
  'shell.demo': 'Демо — игровые деньги',
  'shell.real': 'Реальные деньги',
  'shell.balance': 'Баланс',
  'shell.dismiss': 'Закрыть сообщение',
  'stake.label': 'Ставка',
  'stake.total': 'Общая ставка',
  'stake.lower': 'Уменьшить ставку',
  'stake.raise': 'Увеличить ставку',
  'rules.title': 'Правила и выплаты',
  'rules.rtp': 'Возврат игроку:',
  'rules.fair': 'Каждый результат даёт доказуемо честный генератор (см. «Доказуемая честность»).',
  'history.title': 'История раундов',
  'history.loading': 'Загрузка…',
  'history.empty': 'Раундов пока нет.',
  'history.time': 'Время',
  'history.result': 'Результат',
  'history.stake': 'Ставка',
  'history.win': 'Выигрыш',
  'history.nonce': 'Nonce',
  'history.round': 'Раунд {id} · хеш сида {hash}',
  'history.seed': ' · сид {seed}',
  'history.open': 'Идёт',
  'history.refunded': 'Возвращено',
  'fair.title': 'Доказуемая честность',
  'fair.hash': 'Хеш серверного сида (SHA-256)',
  'fair.nonce': 'Следующий nonce',
  'fair.clientSeed': 'Клиентский сид',
  'fair.random': 'Новый случайный сид',
  'fair.save': 'Сохранить клиентский сид',
  'fair.help': 'Ваш сид входит в каждый результат: HMAC-SHA256(серверный сид, клиентский сид:nonce).',
  'fair.rotate': 'Раскрыть серверный сид и начать новый',
  'fair.revealed': 'Раскрытый серверный сид',
  'fair.revealedHash': 'Его хеш (показанный до игры)',
  'fair.rounds': 'Раунды на нём',
  'fair.none': 'нет',
  'fair.nonces': 'nonce от 0 до {last}: каждый теперь можно пересчитать',
  'seed.empty': 'Введите клиентский сид.',
  'seed.long': 'Не больше 64 символов.',
  'seed.chars': 'Только печатные символы без пробелов.',
  'summary.lines': { one: '{count} выигрышная линия', few: '{count} выигрышные линии', many: '{count} выигрышных линий', other: '{count} выигрышной линии' },
  'summary.free': { one: ', {count} бесплатное вращение', few: ', {count} бесплатных вращения', many: ', {count} бесплатных вращений', other: ', {count} бесплатного вращения' },
  'summary.ball': 'Шар на {pocket}',
  'summary.blackjack': 'Блэкджек',
  'summary.keno': 'Угадано {hits} из {picks}',
  'summary.dice': 'Бросок {roll}',
  'summary.mine': 'Мина после {safe} безопасных',
  'summary.cashed': 'Забрано после {safe} безопасных',
  'summary.three': 'Три одинаковых',
  'summary.noPrize': 'Без приза',
  'summary.crash': 'Обвал на {point}×',
  'error.insufficient_funds': 'На балансе не хватает денег для этой ставки.',
  'error.self_excluded': 'Вы самоисключены: игра на реальные деньги закрыта до конца исключения.',
  'error.session_limit_reached': 'Достигнут ваш лимит времени сессии: играйте снова, когда он позволит.',
  'error.wager_limit_exceeded': 'Эта ставка превышает ваш лимит ставок.',
  'error.loss_limit_exceeded': 'Эта ставка может превысить ваш лимит проигрыша.',
  'error.deposit_limit_exceeded': 'Достигнут ваш лимит депозитов.',
  'error.play_not_allowed': 'Игра на этом счёте не разрешена. Обратитесь в поддержку.',
  'error.stake_out_of_range': 'Ставка вне пределов этой игры.',
  'error.invalid_request': 'Игра не смогла принять этот ход.',
  'error.invalid_play': 'Этот ход сейчас недоступен.',
  'error.round_in_progress': 'Сначала завершите текущий раунд.',
  'error.no_open_round': 'Нет раунда в процессе.',
  'error.round_busy': 'Предыдущий ход ещё обрабатывается.',
  'error.wallet_unavailable': 'Кошелёк казино не отвечает. Ваш баланс в сохранности; попробуйте чуть позже.',
  'error.game_not_found': 'Эта игра недоступна.',
  'error.launch_token_invalid': 'Эта ссылка на игру уже использована или устарела. Откройте игру заново из казино.',
  'error.session_expired': 'Игровая сессия истекла. Откройте игру заново из казино.',
  'error.session_invalid': 'Эта игровая сессия недействительна. Откройте игру заново из казино.',
  'error.session_not_found': 'Эта игровая сессия недействительна. Откройте игру заново из казино.',
  'error.rgs_session_invalid': 'Эта игровая сессия недействительна. Откройте игру заново из казино.',
  'error.network_error': 'Нет связи с игровым сервером. Проверьте подключение и попробуйте снова.',
  'error.server_error': 'На игровом сервере произошла ошибка. Ваш баланс в сохранности; попробуйте снова.',
  'error.too_many_requests': 'Слишком много ходов сразу: подождите немного.',
  'error.refused': 'Игровой сервер отклонил ход ({code}).',
};

const TABLES: Readonly<Record<Language, Readonly<Record<MessageKey, Text>>>> = { en, ru };

export type Params = Readonly<Record<string, string | number | bigint>>;
export type Translate = (key: MessageKey, params?: Params) => string;

/** 'ru', 'ru-RU', 'RU' → 'ru'; anything not translated → 'en'. */
export function languageOf(tag: string | null | undefined): Language {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The texts of one language (the tag is normalised: 'de' reads English). */
export function translator(tag: string | null | undefined): Translate {
  const language = languageOf(tag);
  const table = TABLES[language];
  const plurals = new Intl.PluralRules(language);
  return (key, params = {}) => {
    const text: Text = table[key];
    let chosen: string;
    if (typeof text === 'string') chosen = text;
    else {
      const count = Number(params.count ?? 0);
      const form = plurals.select(count) as keyof Plural;
      chosen = text[form] ?? text.other;
    }
    return chosen.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
  };
}

/** Every table's keys and texts (the unit test checks both languages have each). */
export const MESSAGE_TABLES = TABLES;

export const EN: Translate = translator('en');

export interface I18n {
  readonly language: Language;
  readonly t: Translate;
}

export const I18nContext = createContext<I18n>({ language: 'en', t: EN });

export function i18nFor(tag: string | null | undefined): I18n {
  return { language: languageOf(tag), t: translator(tag) };
}

/** The texts of the session's language (the shell provides them; English outside it). */
export function useT(): Translate {
  return useContext(I18nContext).t;
}
