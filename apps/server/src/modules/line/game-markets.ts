/**
 * A game's markets as its page tells them (`marketsOf`), as JSON text written by the
 * database, and the version of the rows it is written from (kept-answers.ts).
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

/** The versions (`xmin`) of the game `g`'s market and outcome rows, in key order: `xmin,xmin,…;xmin,…`. */
export const MARKETS_VERSION = `(coalesce((select string_agg(m.xmin::text, ',' order by m.key) from markets m where m.game_id = g.id), '')
  || ';' || coalesce((select string_agg(o.xmin::text, ',' order by o.key) from outcomes o where o.game_id = g.id), ''))`;
