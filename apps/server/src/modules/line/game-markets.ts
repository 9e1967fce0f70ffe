/**
 * A game's markets as its page tells them (`marketsOf`), as JSON text written by the
 * database, and the texts a node built lately, kept while the rows they came from stay the
 * same (decision 0033).
 *
 * Building the text of 44 markets and 125 outcomes was most of a game page's database
 * CPU, though a pre-match game's prices change every few seconds at most and its page is
 * asked for many times a second. The rows' `xmin` (the transaction that wrote each row's
 * version) tells whether they are still the rows the text came from: any insert, update or
 * delete of a market or outcome writes a version with a new transaction id, and a row
 * lock does not. So the page's statement lists the `xmin` of the game's markets and
 * outcomes, in key order, compares the list with the one of the node's text, and builds
 * the text only when they differ. The list and the text are read by one statement, from
 * one snapshot, so a text is kept with the exact list of the rows it was built from.
 */

/**
 * Every market of the game `g` with its outcomes, as the JSON text of the list's items
 * (`market,market,…`; null for none): each field written as `marketsOf` writes it — the
 * optional ones only when present, strings by `to_json`, a score without the spaces jsonb
 * prints. Measured against `json_agg` of `json_build_object` under `json_strip_nulls`
 * (which parses the whole text again) with a subquery per market: 0.8 against 1.6 ms a game
 * of 44 markets (pgbench, prepared). The outcomes are read once and grouped per market.
 */
export const MARKETS_TEXT = `(select string_agg('{"key":' || to_json(m.key) || ',"type":' || to_json(m.type) || ',"groupId":' || m.group_id
    || ',"scope":' || to_json(m.scope) || case when m.param is null then '' else ',"param":' || m.param end || ',"name":' || to_json(m.name)
    || ',"blocked":' || m.blocked || ',"outcomes":[' || coalesce(o.list, '') || ']}', ',' order by m.sort_order)
  from markets m left join (
    select o.market_key, string_agg('{"key":' || to_json(o.key) || ',"typeId":' || o.type_id || ',"kind":' || to_json(o.kind)
        || case when o.line is null then '' else ',"line":' || o.line end
        || case when o.score is null then '' else ',"score":' || json_strip_nulls(o.score::json) end
        || ',"name":' || to_json(o.name) || ',"coef":' || (o.price::float8 / 1000) || ',"blocked":' || o.blocked
        || case when o.status is null then '' else ',"status":' || o.status end || '}', ',' order by o.sort_order) as list
      from outcomes o where o.game_id = g.id group by o.market_key) o on o.market_key = m.key
  where m.game_id = g.id)`;

/** The versions of the game `g`'s market and outcome rows, in key order: `xmin,xmin,…;xmin,…` (never empty). */
export const MARKETS_VERSION = `(coalesce((select string_agg(m.xmin::text, ',' order by m.key) from markets m where m.game_id = g.id), '')
  || ';' || coalesce((select string_agg(o.xmin::text, ',' order by o.key) from outcomes o where o.game_id = g.id), ''))`;

/** Games whose text a node keeps: the pages asked for at the moment (~20 KB each). */
export const KEPT_GAMES = 256;

interface Kept {
  version: string;
  /** `MARKETS_TEXT` as read with `version`. */
  text: string | null;
}

/** The markets texts of the games asked for lately, with the versions they were read at; the least recently asked go first. */
export class GameMarketsTexts {
  readonly #games = new Map<number, Kept>();

  constructor(private readonly capacity = KEPT_GAMES) {}

  get(gameId: number): Kept | undefined {
    const kept = this.#games.get(gameId);
    if (kept) {
      this.#games.delete(gameId);
      this.#games.set(gameId, kept);
    }
    return kept;
  }

  set(gameId: number, version: string, text: string | null): void {
    this.#games.delete(gameId);
    this.#games.set(gameId, { version, text });
    if (this.#games.size > this.capacity) this.#games.delete(this.#games.keys().next().value!);
  }

  get size(): number {
    return this.#games.size;
  }
}
