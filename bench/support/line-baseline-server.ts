/**
 * The baseline of bench/line.ts: a bare fastify (with @fastify/compress, as the product)
 * over the product's own database, left behind by a product run — PGlite in
 * `$PGLITE_DIR` or PostgreSQL at `$DATABASE_URL`, opened by @betsite/db's `createDb` as the
 * product does — answering the same rows as the product's answers with one plain indexed
 * SELECT each, no mapping:
 * - `POST /rows {gameIds, marketKeys}` (once): which games a listing showed, and for each
 *   game the markets it showed (`marketKeys[i]` of `gameIds[i]`, in pairs);
 * - `GET /listing`: those games with their teams, champ and the outcomes of those markets
 *   (games by primary key, outcomes by `outcomes_market_idx`);
 * - `GET /listing-rows`: the same listing from the product's precomputed list rows
 *   (`line_list_rows`, migration 0029), their stored card JSON joined as it is — the floor of
 *   a listing with those rows (404 without the table);
 * - `GET /games/:id`: the game with every outcome (by `outcomes_pkey`).
 * The database builds the JSON (json_agg), sent as it comes: the least a server can do.
 * Listens on HOST:PORT; `/healthz` answers when the database is open.
 */
import compress from '@fastify/compress';
import fastify from 'fastify';
import { sql } from 'kysely';
import { createDb } from '@betsite/db';

const database = await createDb(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.PGLITE_DIR ?? '' });
const { db } = database;
const app = fastify();
await app.register(compress);

let picked: { gameIds: number[]; marketKeys: string[] } = { gameIds: [], marketKeys: [] };

app.get('/healthz', async () => ({ status: 'ok' }));

app.post<{ Body: typeof picked }>('/rows', async (request) => {
  picked = request.body;
  return { games: new Set(picked.gameIds).size, markets: picked.gameIds.length };
});

/** The JSON a query built, sent as it is (`::text`: the driver does not parse it). */
const jsonOf = (rows: { body: string }[]) => rows[0]?.body ?? 'null';

app.get('/listing', async (_request, reply) => {
  const { rows } = await sql<{ body: string }>`
    select coalesce(json_agg(x order by x.pos), '[]')::text as body from (
      select g.id, g.permanent_id, g.sport_id, g.starts_at, g.status, g.score_home, g.score_away,
             ht.name as home, at.name as away, c.name as champ, co.code as country, k.pos,
             (select json_agg(json_build_object('market', o.market_key, 'key', o.key, 'name', o.name, 'price', o.price, 'blocked', o.blocked) order by o.market_key, o.sort_order)
                from outcomes o where o.game_id = g.id and o.market_key = any(k.keys)) as outcomes
        from (select game_id, array_agg(market_key) as keys, min(n) as pos
                from unnest(${picked.gameIds}::int[], ${picked.marketKeys}::text[]) with ordinality as p(game_id, market_key, n)
               group by game_id) k
        join games g on g.id = k.game_id
        join teams ht on ht.id = g.home_team_id
        join teams at on at.id = g.away_team_id
        join champs c on c.id = g.champ_id
        join countries co on co.id = c.country_id) x`.execute(db);
  return reply.type('application/json').send(jsonOf(rows));
});

app.get('/listing-rows', async (_request, reply) => {
  const { rows } = await sql<{ body: string }>`
    select '[' || coalesce(string_agg(card, ',' order by n), '') || ']' as body from (
      select card, row_number() over () as n from line_list_rows
       where section = 'line' and sport_id = 1 and starts_at > now()
       order by champ_order, champ_id, starts_at, game_id limit 50) x`
    .execute(db)
    .catch(() => ({ rows: [] }));
  return rows[0] ? reply.type('application/json').send(rows[0].body) : reply.code(404).send({ error: 'no line_list_rows' });
});

app.get<{ Params: { id: string } }>('/games/:id', async (request, reply) => {
  const { rows } = await sql<{ body: string }>`
    select json_build_object('id', g.id, 'permanentId', g.permanent_id, 'startsAt', g.starts_at, 'status', g.status,
             'outcomes', (select json_agg(json_build_object('market', o.market_key, 'key', o.key, 'name', o.name, 'price', o.price, 'blocked', o.blocked) order by o.market_key, o.sort_order)
                            from outcomes o where o.game_id = g.id))::text as body
      from games g where g.id = ${Number(request.params.id)}`.execute(db);
  return reply.type('application/json').send(jsonOf(rows));
});

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
