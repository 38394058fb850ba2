/** Anything that runs a query: a pg Pool, PoolClient or Client. */
interface Queryable {
  query<R extends object>(text: string): Promise<{ rows: R[] }>;
}

/**
 * What must hold of the money and the counts in a database at any committed moment, however many
 * requests raced, retried or crashed:
 * - every person's balance equals the sum of their ledger entries, and is never below zero;
 * - a generation is refunded at most once, only after a debit, and by exactly what it was debited;
 * - a training or a prompt improvement is charged once and refunded once exactly when it failed;
 * - every person's maintained generation counts equal their rows, per type;
 * - a succeeded payment has exactly one credit, of its tokens, and any other payment none;
 * - a payment whose payer had a referrer has exactly one commission, of the recorded amount, to
 *   that referrer, and any other payment none;
 * - what was taken back after refunds and disputes (less what was given back when one was won or
 *   a refund failed) equals what the payment records, and never exceeds what was credited (tokens
 *   taken + shortfall ≤ credited);
 * - taken + shortfall is exactly the reversed money's share of what was credited, to the token.
 */
const rules: { name: string; sql: string }[] = [
  {
    name: 'balance = Σ ledger ≥ 0',
    sql: `select u.id as user_id, u.tokens, coalesce(l.sum, 0)::int as ledger_sum
            from users u
            left join (select user_id, sum(delta) as sum from token_ledger group by user_id) l
              on l.user_id = u.id
           where u.tokens <> coalesce(l.sum, 0) or u.tokens < 0`,
  },
  {
    name: 'every debit has at most one refund, of the same amount',
    sql: `select r.generation_id, count(*)::int as refunds, min(r.delta) as refunded,
                 (select sum(d.delta) from token_ledger d
                   where d.generation_id = r.generation_id
                     and d.reason = 'generation_debit')::int as debited
            from token_ledger r
           where r.reason = 'generation_refund'
           group by r.generation_id
          having count(*) > 1
              or (select sum(d.delta) from token_ledger d
                   where d.generation_id = r.generation_id
                     and d.reason = 'generation_debit') is distinct from -min(r.delta)`,
  },
  {
    // ADR 045: charged once at the ask; a failed or cancelled one refunded once, by its price.
    name: 'a training is charged its cost once, refunded once exactly when it failed or stopped',
    sql: `select t.id, t.status, t.cost, l.debits, l.debited, l.refunds, l.refunded
            from trainings t
            left join (select training_id,
                              count(*) filter (where reason = 'training_debit')::int as debits,
                              sum(delta) filter (where reason = 'training_debit')::int as debited,
                              count(*) filter (where reason = 'training_refund')::int as refunds,
                              sum(delta) filter (where reason = 'training_refund')::int as refunded
                         from token_ledger where training_id is not null
                        group by training_id) l on l.training_id = t.id
           where coalesce(l.debits, 0) <> 1 or l.debited <> -t.cost
              or coalesce(l.refunds, 0) <> case when t.status in ('failed', 'canceled') then 1 else 0 end
              or (l.refunds > 0 and l.refunded <> t.cost)`,
  },
  {
    // ADR 050: charged once at the ask; a failed one refunded once, by its price.
    name: 'a prompt improvement is charged its cost once, refunded once exactly when it failed',
    sql: `select p.id, p.status, p.cost, l.debits, l.debited, l.refunds, l.refunded
            from prompt_improvements p
            left join (select prompt_improvement_id,
                              count(*) filter (where reason = 'prompt_improvement_debit')::int as debits,
                              sum(delta) filter (where reason = 'prompt_improvement_debit')::int as debited,
                              count(*) filter (where reason = 'prompt_improvement_refund')::int as refunds,
                              sum(delta) filter (where reason = 'prompt_improvement_refund')::int as refunded
                         from token_ledger where prompt_improvement_id is not null
                        group by prompt_improvement_id) l on l.prompt_improvement_id = p.id
           where coalesce(l.debits, 0) <> 1 or l.debited <> -p.cost
              or coalesce(l.refunds, 0) <> case when p.status = 'failed' then 1 else 0 end
              or (l.refunds > 0 and l.refunded <> p.cost)`,
  },
  {
    name: 'counts = rows',
    sql: `select coalesce(c.user_id, g.user_id) as user_id, coalesce(c.type, g.type) as type,
                 c.total as counted, coalesce(g.n, 0)::int as rows
            from generation_counts c
            full join (select user_id, type, count(*) as n from generation_requests
                        group by user_id, type) g
              on g.user_id = c.user_id and g.type = c.type
           where coalesce(c.total, 0) <> coalesce(g.n, 0)`,
  },
  {
    name: 'a succeeded payment has exactly one credit of its tokens, others none',
    sql: `select p.id, p.status, p.tokens, l.credits, l.credited
            from payments p
            left join (select payment_id, count(*)::int as credits, sum(delta)::int as credited
                         from token_ledger where reason = 'payment_credit'
                        group by payment_id) l on l.payment_id = p.id
           where case when p.status = 'succeeded'
                      then l.credits is distinct from 1 or l.credited is distinct from p.tokens
                      else l.credits is not null end
              or exists (select 1 from token_ledger x
                          where x.payment_id = p.id and x.reason = 'payment_credit'
                            and x.user_id <> p.user_id)`,
  },
  {
    name: 'a referred purchase has exactly one commission, others none',
    sql: `select p.id, p.referrer_id, p.commission_tokens, l.entries, l.paid, l.paid_to
            from payments p
            left join (select payment_id, count(*)::int as entries, sum(delta)::int as paid,
                              min(user_id::text) as paid_to
                         from token_ledger where reason = 'referral_commission'
                        group by payment_id) l on l.payment_id = p.id
           where case when p.status = 'succeeded' and p.commission_tokens > 0
                      then l.entries is distinct from 1
                        or l.paid is distinct from p.commission_tokens
                        or (p.referrer_id is not null and l.paid_to <> p.referrer_id::text)
                      else l.entries is not null end
              or (p.status = 'succeeded' and p.referrer_id is not null
                  and p.commission_tokens <> p.tokens * 50 / 100)`,
  },
  {
    name: 'reversals equal what the payment records and never exceed what was credited',
    sql: `select p.id, p.tokens, p.reversed_tokens, p.shortfall_tokens, r.taken,
                 p.commission_tokens, p.commission_reversed_tokens,
                 p.commission_shortfall_tokens, c.taken as commission_taken
            from payments p
            left join (select payment_id, -sum(delta)::int as taken from token_ledger
                        where reason in ('payment_reversal', 'payment_reinstatement')
                        group by payment_id) r
              on r.payment_id = p.id
            left join (select payment_id, -sum(delta)::int as taken from token_ledger
                        where reason in ('commission_reversal', 'commission_reinstatement')
                        group by payment_id) c
              on c.payment_id = p.id
           where coalesce(r.taken, 0) <> p.reversed_tokens
              or coalesce(c.taken, 0) <> p.commission_reversed_tokens
              or p.reversed_tokens + p.shortfall_tokens > p.tokens
              or p.commission_reversed_tokens + p.commission_shortfall_tokens > p.commission_tokens
              or ((p.reversed_tokens > 0 or p.commission_reversed_tokens > 0)
                  and p.status <> 'succeeded')`,
  },
  {
    // credited − taken back = paid − reversed, to the token: what a paid payment still leaves
    // its payer (and the referrer) is the share of the tokens the money kept pays for, rounded
    // halves up; taken back or owed (shortfall) together are exactly the reversed share.
    name: 'what is taken back is the reversed share of what was credited, to the token',
    sql: `select p.id, p.tokens, p.amount_minor, p.reversed_minor, p.reversed_tokens,
                 p.shortfall_tokens, p.commission_tokens, p.commission_reversed_tokens,
                 p.commission_shortfall_tokens
            from payments p
           where p.status = 'succeeded'
             and (p.reversed_tokens + p.shortfall_tokens
                    <> (2::bigint * p.tokens * p.reversed_minor + p.amount_minor) / (2 * p.amount_minor)
                  or (p.referrer_id is not null
                      and p.commission_reversed_tokens + p.commission_shortfall_tokens
                          <> (2::bigint * p.commission_tokens * p.reversed_minor + p.amount_minor)
                             / (2 * p.amount_minor)))`,
  },
];

/** Every broken rule with the rows that break it (empty when all hold). */
export async function moneyInvariantViolations(
  db: Queryable,
): Promise<{ rule: string; rows: object[] }[]> {
  const found: { rule: string; rows: object[] }[] = [];
  for (const rule of rules) {
    const { rows } = await db.query<object>(rule.sql);
    if (rows.length > 0) found.push({ rule: rule.name, rows: rows.slice(0, 10) });
  }
  return found;
}

/** Throws, naming each broken rule and the rows that break it, unless every money rule holds. */
export async function expectMoneyInvariants(db: Queryable): Promise<void> {
  const found = await moneyInvariantViolations(db);
  if (found.length > 0) {
    throw new Error(`money invariants broken:\n${JSON.stringify(found, null, 2)}`);
  }
}

/** How each of these generations ended, with its debits, refunds and stored outputs. */
export async function generationOutcomes(
  db: { query<R extends object>(text: string, values: unknown[]): Promise<{ rows: R[] }> },
  ids: string[],
): Promise<{ id: string; status: string; debits: number; refunds: number; outputs: number }[]> {
  const { rows } = await db.query<{
    id: string;
    status: string;
    debits: number;
    refunds: number;
    outputs: number;
  }>(
    `select g.id, g.status,
            (select count(*)::int from token_ledger l
              where l.generation_id = g.id and l.reason = 'generation_debit') as debits,
            (select count(*)::int from token_ledger l
              where l.generation_id = g.id and l.reason = 'generation_refund') as refunds,
            (select count(*)::int from files f
              where f.generation_id = g.id and f.kind = 'output') as outputs
       from generation_requests g where g.id = any($1::uuid[])`,
    [ids],
  );
  return rows;
}
