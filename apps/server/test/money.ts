/** Anything that runs a query: a pg Pool, PoolClient or Client. */
interface Queryable {
  query<R extends object>(text: string): Promise<{ rows: R[] }>;
}

/**
 * What must hold of the money and the counts in a database at any committed moment, however many
 * requests raced, retried or crashed:
 * - every person's balance equals the sum of their ledger entries, and is never below zero;
 * - a generation is refunded at most once, only after a debit, and by exactly what it was debited;
 * - every person's maintained generation counts equal their rows, per type.
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
    name: 'counts = rows',
    sql: `select coalesce(c.user_id, g.user_id) as user_id, coalesce(c.type, g.type) as type,
                 c.total as counted, coalesce(g.n, 0)::int as rows
            from generation_counts c
            full join (select user_id, type, count(*) as n from generation_requests
                        group by user_id, type) g
              on g.user_id = c.user_id and g.type = c.type
           where coalesce(c.total, 0) <> coalesce(g.n, 0)`,
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
