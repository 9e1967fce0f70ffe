import { sql, type Kysely } from 'kysely';

/**
 * The ledger's posting and the seamless wallet's debit and credit as database functions
 * (issue 13, decision 0038): one call where there were four to nine statements, each parsed
 * and planned anew. PL/pgSQL keeps its statements' plans per connection, and a wallet call
 * is one round trip in its own transaction instead of a BEGIN, eight statements and a COMMIT.
 * Every posting of the site goes through `ledger_post_many` (apps/server ledger/post.ts), so
 * there is still one way to move money; the checks that need no database (double entry, the
 * request hash) stay in TypeScript, which sends movements already checked.
 *
 * Refusals are raised with their own SQLSTATE, so the statement (and the caller's
 * transaction) rolls back and TypeScript maps the code to its error:
 * - `LG001` insufficient funds (detail: `{"accountId","balance","requested"}`), `LG002` an
 *   idempotency key reused for another movement (detail: the key), `LG003` an invalid
 *   movement (unknown account, mixed currencies);
 * - `WL000` the player has responsible-gaming settings: run the debit again in a unit after
 *   the limits checks; `WL001` the call's id was answered before (its stored answer is
 *   given); `WL4xx` a wallet refusal with HTTP status 4xx, message the wallet's code, detail
 *   its text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /*
   * p_movements: [{ key, kind, hash, metadata, entries: [[accountId, "amount"], …] }, …]
   * Answers, in that order, [{ id, key, kind, createdAt, metadata, replayed, entries: [{ id,
   * accountId, amount, balanceAfter, createdAt }] }] with bigints as text.
   * Order (post.ts before this): every transaction row first (a key a concurrent delivery
   * holds waits for it to commit, then is a replay), then the accounts of the fresh
   * movements locked in id order (movements over the same accounts queue, never deadlock),
   * then each fresh movement's balances and entries, movement after movement.
   */
  await sql`
    create function ledger_post_many(p_now timestamptz, p_movements jsonb) returns jsonb language plpgsql as $$
    declare
      v_fresh jsonb;
      v_movement jsonb;
      v_entry jsonb;
      v_out jsonb := '[]';
      v_entries jsonb;
      v_tx uuid;
      v_row record;
      v_account uuid;
      v_amount bigint;
      v_balance bigint;
      v_entry_id bigint;
      v_found int;
      v_currencies int;
    begin
      with inserted as (
        insert into ledger_transactions (idempotency_key, kind, request_hash, metadata, created_at)
        select m->>'key', m->>'kind', m->>'hash', coalesce(m->'metadata', '{}'), p_now from jsonb_array_elements(p_movements) m
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key
      )
      select coalesce(jsonb_object_agg(idempotency_key, id), '{}') into v_fresh from inserted;

      perform 1 from ledger_accounts
      where id in (
        select (e->>0)::uuid from jsonb_array_elements(p_movements) m, jsonb_array_elements(m->'entries') e where v_fresh ? (m->>'key')
      )
      order by id for no key update;

      for v_movement in select m from jsonb_array_elements(p_movements) m loop
        if v_fresh ? (v_movement->>'key') then
          v_tx := (v_fresh->>(v_movement->>'key'))::uuid;
          select count(*), count(distinct currency) into v_found, v_currencies
          from ledger_accounts where id in (select (e->>0)::uuid from jsonb_array_elements(v_movement->'entries') e);
          if v_found <> jsonb_array_length(v_movement->'entries') then
            raise exception using errcode = 'LG003', message = 'unknown account ' || (
              select e->>0 from jsonb_array_elements(v_movement->'entries') e
              where not exists (select 1 from ledger_accounts a where a.id = (e->>0)::uuid) limit 1);
          end if;
          if v_currencies > 1 then
            raise exception using errcode = 'LG003', message = 'one movement mixes currencies ' || (
              select string_agg(distinct trim(currency), ', ') from ledger_accounts
              where id in (select (e->>0)::uuid from jsonb_array_elements(v_movement->'entries') e));
          end if;
          v_entries := '[]';
          for v_entry in select e from jsonb_array_elements(v_movement->'entries') e loop
            v_account := (v_entry->>0)::uuid;
            v_amount := (v_entry->>1)::bigint;
            update ledger_accounts set balance = balance + v_amount
            where id = v_account and (allow_negative or balance + v_amount >= 0)
            returning balance into v_balance;
            if not found then
              select balance into v_balance from ledger_accounts where id = v_account;
              raise exception using errcode = 'LG001', message = 'insufficient funds',
                detail = jsonb_build_object('accountId', v_account, 'balance', v_balance::text, 'requested', (-v_amount)::text)::text;
            end if;
            insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
            values (v_tx, v_account, v_amount, v_balance, p_now) returning id into v_entry_id;
            v_entries := v_entries || jsonb_build_array(jsonb_build_object(
              'id', v_entry_id::text, 'accountId', v_account, 'amount', v_amount::text, 'balanceAfter', v_balance::text, 'createdAt', p_now));
          end loop;
          v_out := v_out || jsonb_build_array(jsonb_build_object(
            'id', v_tx, 'key', v_movement->>'key', 'kind', v_movement->>'kind', 'createdAt', p_now, 'metadata', coalesce(v_movement->'metadata', '{}'),
            'replayed', false, 'entries', v_entries));
        else
          select id, kind, request_hash, metadata, created_at into v_row from ledger_transactions where idempotency_key = v_movement->>'key';
          if v_row.request_hash <> v_movement->>'hash' then
            raise exception using errcode = 'LG002', message = 'idempotency conflict', detail = v_movement->>'key';
          end if;
          v_out := v_out || jsonb_build_array(jsonb_build_object(
            'id', v_row.id, 'key', v_movement->>'key', 'kind', v_row.kind, 'createdAt', v_row.created_at, 'metadata', v_row.metadata, 'replayed', true,
            'entries', coalesce((
              select jsonb_agg(jsonb_build_object(
                'id', id::text, 'accountId', account_id, 'amount', amount::text, 'balanceAfter', balance_after::text, 'createdAt', created_at) order by id)
              from ledger_entries where transaction_id = v_row.id), '[]')));
        end if;
      end loop;
      return v_out;
    end $$`.execute(db);

  /*
   * What debit and credit share: the posting of the call, where a replay means a delivery of
   * the same id committed first (WL001, its stored answer is given); and, last, the call's row
   * with its answer, taken by such a delivery (WL001) or a rollback's tombstone.
   */
  await sql`
    create function casino_post(p_now timestamptz, p_movement jsonb) returns jsonb language plpgsql as $$
    declare
      v_posted jsonb := ledger_post_many(p_now, jsonb_build_array(p_movement))->0;
    begin
      if (v_posted->>'replayed')::boolean then raise exception using errcode = 'WL001', message = 'answered before'; end if;
      return v_posted;
    end $$`.execute(db);
  await sql`
    create function casino_store_answer(
      p_now timestamptz, p_provider text, p_tx_id text, p_round_id text, p_kind text, p_amount bigint, p_request_hash text, p_answer jsonb
    ) returns void language plpgsql as $$
    begin
      insert into casino_wallet_transactions (provider, tx_id, round_id, kind, amount, request_hash, status_code, answer, created_at)
      values (p_provider, p_tx_id, p_round_id, p_kind, p_amount, p_request_hash, 200, p_answer, p_now)
      on conflict (provider, tx_id) do nothing;
      if not found then raise exception using errcode = 'WL001', message = 'answered before'; end if;
    end $$`.execute(db);

  /*
   * A debit (casino-wallet/service.ts): the player's account checked, the round opened or its
   * stake added (locked: the lock order of every wallet call is the round, then debit rows,
   * then accounts), the stake posted, and the call's row stored with its answer. Answers
   * { answer, posted }. p_gate_checked: the limits were checked in this transaction (else a
   * player with responsible-gaming settings is sent back with WL000).
   */
  await sql`
    create function casino_debit(
      p_now timestamptz, p_player uuid, p_account uuid, p_gate_checked boolean,
      p_provider text, p_tx_id text, p_round_id text, p_game_id text, p_currency text,
      p_amount bigint, p_request_hash text, p_movement jsonb
    ) returns jsonb language plpgsql as $$
    declare
      v_player record;
      v_round record;
      v_posted jsonb;
      v_answer jsonb;
    begin
      select u.ban_level, exists (select 1 from player_protection p where p.user_id = u.id) as protected into v_player
      from ledger_accounts a join users u on u.id = a.owner_id
      where a.id = p_account and a.owner_id = p_player and a.currency = p_currency and a.kind in ('player-main', 'player-currency');
      if not found then
        if not p_gate_checked then raise exception using errcode = 'WL000', message = 'limits gate'; end if;
        raise exception using errcode = 'WL404', message = 'account_not_found', detail = 'The player has no ' || p_currency || ' account';
      end if;
      if v_player.protected and not p_gate_checked then raise exception using errcode = 'WL000', message = 'limits gate'; end if;
      if v_player.ban_level > 0 then
        raise exception using errcode = 'WL403', message = 'play_not_allowed', detail = 'Play is not available for this account now';
      end if;
      insert into casino_rounds (provider, round_id, user_id, account_id, game_id, currency, status, stake_total, created_at, updated_at)
      values (p_provider, p_round_id, p_player, p_account, p_game_id, p_currency, 'open', p_amount, p_now, p_now)
      on conflict (provider, round_id) do update set stake_total = casino_rounds.stake_total + excluded.stake_total, updated_at = p_now
      returning user_id, trim(currency) as currency, game_id, status into v_round;
      if v_round.user_id <> p_player or v_round.currency <> p_currency or v_round.game_id <> p_game_id then
        raise exception using errcode = 'WL409', message = 'round_mismatch', detail = 'The round belongs to another player, game or currency';
      end if;
      if v_round.status <> 'open' then
        raise exception using errcode = 'WL409', message = 'round_closed', detail = 'The round is over';
      end if;
      v_posted := casino_post(p_now, p_movement);
      v_answer := jsonb_build_object(
        'transactionId', p_tx_id, 'currency', p_currency, 'roundStatus', 'open',
        'balance', (select e->>'balanceAfter' from jsonb_array_elements(v_posted->'entries') e where (e->>'accountId')::uuid = p_account));
      perform casino_store_answer(p_now, p_provider, p_tx_id, p_round_id, 'debit', p_amount, p_request_hash, v_answer);
      return jsonb_build_object('answer', v_answer, 'posted', v_posted);
    end $$`.execute(db);

  /*
   * A credit: settles the round when it is open and this player's, game's and currency's,
   * posts the win (none for 0, a loss) and stores the call's row with its answer. Answers
   * { answer, posted } (posted null for 0). p_movement: the win, null for 0.
   */
  await sql`
    create function casino_credit(
      p_now timestamptz, p_player uuid, p_account uuid,
      p_provider text, p_tx_id text, p_round_id text, p_game_id text, p_currency text,
      p_amount bigint, p_request_hash text, p_movement jsonb
    ) returns jsonb language plpgsql as $$
    declare
      v_round record;
      v_balance text;
      v_posted jsonb;
      v_answer jsonb;
    begin
      update casino_rounds set status = 'settled', win_total = win_total + p_amount, updated_at = p_now
      where provider = p_provider and round_id = p_round_id and status = 'open'
        and user_id = p_player and currency = p_currency and game_id = p_game_id
      returning account_id, (select balance from ledger_accounts where id = casino_rounds.account_id)::text as balance into v_round;
      if not found then
        select user_id, trim(currency) as currency, game_id, status into v_round from casino_rounds where provider = p_provider and round_id = p_round_id for update;
        if not found then
          raise exception using errcode = 'WL404', message = 'round_not_found', detail = 'No such round: no debit opened it';
        elsif v_round.user_id <> p_player or v_round.currency <> p_currency or v_round.game_id <> p_game_id then
          raise exception using errcode = 'WL409', message = 'round_mismatch', detail = 'The round belongs to another player, game or currency';
        elsif v_round.status = 'settled' then
          raise exception using errcode = 'WL409', message = 'round_settled', detail = 'The round is already settled';
        else
          raise exception using errcode = 'WL409', message = 'round_rolled_back', detail = 'The round was rolled back';
        end if;
      end if;
      v_balance := v_round.balance;
      if p_amount > 0 then
        if v_round.account_id <> p_account then raise exception 'casino round %:% was charged to another account', p_provider, p_round_id; end if;
        v_posted := casino_post(p_now, p_movement);
        v_balance := (select e->>'balanceAfter' from jsonb_array_elements(v_posted->'entries') e where (e->>'accountId')::uuid = p_account);
      end if;
      v_answer := jsonb_build_object('transactionId', p_tx_id, 'balance', v_balance, 'currency', p_currency, 'roundStatus', 'settled');
      perform casino_store_answer(p_now, p_provider, p_tx_id, p_round_id, 'credit', p_amount, p_request_hash, v_answer);
      return jsonb_build_object('answer', v_answer, 'posted', v_posted);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function casino_credit`.execute(db);
  await sql`drop function casino_debit`.execute(db);
  await sql`drop function casino_store_answer`.execute(db);
  await sql`drop function casino_post`.execute(db);
  await sql`drop function ledger_post_many`.execute(db);
}
