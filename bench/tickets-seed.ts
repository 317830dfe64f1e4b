/**
 * Set-based seed for the tickets benchmark: `tickets` tickets (one per contact), ten messages each,
 * and one ticket with 5,000 messages. Secondary indexes and foreign-key triggers are off while the
 * rows go in and rebuilt afterwards, as a bulk load would do; the result is the same schema.
 *
 * Shape: 20 attendants, each in the one of 5 sectors their tickets are in; 1% group chats; 2% pending (unassigned, a tenth
 * of them without sector), 3% open and 95% closed, assigned round-robin to the attendants; activity
 * spread over a year. Contact names come from 40 first names × 50 surnames, so one full name matches
 * 1 contact in 2,000. One message in 10,007 mentions "reembolso". Broad terms, for searches whose matches are a
 * few percent of the tickets: "oliv" (the surname Oliveira, 2% of contacts, who come in runs of 40 by id, so the
 * newest tickets may hold none), "marina" (the first name Marina, 2.5% of contacts, spread evenly) and "estorno"
 * (one message in 199, so about 5% of tickets).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.js';
import { rowsOf } from '../packages/server/src/lib/sql.js';

export const BIG_TICKET_MESSAGES = 5_000;
export const SEARCH_NAME = 'Helena Duarte';
export const SEARCH_WORD = 'reembolso';
export const SEARCH_BROAD_NAME = 'oliv';
export const SEARCH_SPREAD_NAME = 'marina';
export const SEARCH_BROAD_WORD = 'estorno';
/** An attendant with open, closed and (through their sector) pending tickets. */
export const ATTENDANT_EMAIL = 'attendant3@bench.local';

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Hugo',
  'Helena',
  'Igor',
  'Joana',
  'Karina',
  'Lucas',
  'Marina',
  'Nuno',
  'Olga',
  'Paulo',
  'Quitéria',
  'Rafael',
  'Sofia',
  'Tiago',
  'Úrsula',
  'Vitor',
  'Wagner',
  'Xavier',
  'Yara',
  'Zeca',
  'Beatriz',
  'Caio',
  'Denise',
  'Eduardo',
  'Flávia',
  'Gustavo',
  'Heitor',
  'Isabela',
  'Júlio',
  'Laura',
  'Mateus',
  'Natália',
  'Otávio',
];
const LAST = [
  'Silva',
  'Souza',
  'Costa',
  'Santos',
  'Oliveira',
  'Pereira',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Lima',
  'Araújo',
  'Fernandes',
  'Carvalho',
  'Gomes',
  'Martins',
  'Rocha',
  'Ribeiro',
  'Alves',
  'Monteiro',
  'Mendes',
  'Barros',
  'Freitas',
  'Barbosa',
  'Pinto',
  'Moura',
  'Cavalcanti',
  'Dias',
  'Castro',
  'Campos',
  'Cardoso',
  'Duarte',
  'Teixeira',
  'Vieira',
  'Lopes',
  'Machado',
  'Nunes',
  'Moreira',
  'Correia',
  'Ramos',
  'Batista',
  'Fonseca',
  'Garcia',
  'Miranda',
  'Reis',
  'Soares',
  'Pires',
  'Farias',
  'Cunha',
  'Melo',
  'Prado',
];
const PHRASES = [
  'Bom dia, preciso de ajuda com meu pedido',
  'Olá! Em que posso ajudar?',
  'Meu produto chegou com defeito',
  'Pode me passar o número do pedido?',
  'Claro, é o pedido',
  'Obrigado, vou verificar aqui',
  'A entrega está atrasada há uma semana',
  'Já encaminhei para o setor responsável',
  'Qual o prazo para a troca?',
  'O prazo é de sete dias úteis',
  'Consigo pagar com cartão?',
  'Sim, aceitamos cartão e boleto',
  'Perfeito, muito obrigado pelo atendimento',
  'Disponha! Tenha um ótimo dia',
  'Boa tarde, gostaria de cancelar a assinatura',
  'Entendo, pode confirmar seu e-mail?',
];

const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

/** Index definitions of the seeded tables, except primary keys (kept) — dropped during the load. */
async function secondaryIndexes(db: Db): Promise<{ name: string; def: string }[]> {
  const rows = rowsOf(
    await db.execute(sql`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in ('contacts', 'tickets', 'messages')
      and i.indexname not in (select conname from pg_constraint)`),
  );
  return rows as { name: string; def: string }[];
}

/** `db` must be one session (one connection): the load settings are per session. */
export async function seedTickets(db: Db, tickets: number, progress: (step: string) => void = () => undefined): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  // Index builds (the trigram index over every message above all) go much faster with room to sort in;
  // PGlite (32-bit WebAssembly) refuses 2 GB, and keeps to what it can address.
  await run(sql`set maintenance_work_mem = '2GB'`).catch(() => run(sql`set maintenance_work_mem = '256MB'`));
  await run(sql`set session_replication_role = replica`); // no FK triggers while loading
  const indexes = await secondaryIndexes(db);
  for (const i of indexes) await run(sql.raw(`drop index "${i.name}"`));

  await run(sql`insert into queues (name, color) select 'Sector ' || i, '#' || lpad(i::text, 6, '0') from generate_series(1, 5) i`);
  await run(sql`insert into whatsapps (name, channel, status) values ('Bench line', 'simulator', 'DISCONNECTED')`);
  await run(sql`insert into users (name, email, password_hash, profile)
    select 'Attendant ' || i, 'attendant' || i || '@bench.local', 'x', 'user' from generate_series(1, 20) i`);
  // Attendant k (0-based) works in sector k % 5, the sector of the tickets assigned to them.
  await run(sql`insert into user_queues (user_id, queue_id)
    select u.id, (select min(id) from queues) + ((u.id - (select min(id) from users where profile = 'user')) % 5)
    from users u where u.profile = 'user'`);
  progress('contacts');
  await run(sql`insert into contacts (name, number, is_group, created_at, updated_at)
    select (${arr(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
      (5511900000000 + i)::text, i % 100 = 7, now() - interval '400 days', now() - interval '400 days'
    from generate_series(1, ${tickets}) i`);
  progress('tickets');
  // Activity spread over a year: ticket i was last updated i/N of the year ago (newest first by id desc).
  await run(sql`insert into tickets (status, contact_id, whatsapp_id, user_id, queue_id, is_group, last_message, created_at, updated_at)
    select s.status, c.id, (select min(id) from whatsapps),
      case when s.status = 'pending' then null else (select min(id) from users where profile = 'user') + (c.id % 20) end,
      case when s.status = 'pending' and c.id % 10 = 0 then null
           when s.status = 'pending' then (select min(id) from queues) + ((c.id / 100) % 5)
           else (select min(id) from queues) + ((c.id % 20) % 5) end,
      c.is_group, 'Obrigado!',
      now() - ((${tickets} - c.id)::float8 / ${tickets}) * interval '365 days' - interval '2 hours',
      now() - ((${tickets} - c.id)::float8 / ${tickets}) * interval '365 days'
    from contacts c
    cross join lateral (select case when c.id % 100 < 2 then 'pending' when c.id % 100 < 5 then 'open' else 'closed' end as status) s`);
  // What the tickets' trigger keeps (migration 0066), off during the load: whose lists each contact's tickets are in.
  await run(sql`update contacts c set ticket_scope_keys = k.keys
    from (select t.contact_id, array_agg(distinct k order by k) as keys
          from tickets t cross join lateral unnest(ticket_scope_keys(t.user_id, t.queue_id)) k group by t.contact_id) k
    where c.id = k.contact_id`);
  const [bounds] = rowsOf(await run(sql`select min(id)::int as lo, max(id)::int as hi from tickets`));
  const { lo, hi } = bounds as { lo: number; hi: number };
  const chunk = 100_000;
  for (let from = lo; from <= hi; from += chunk) {
    progress(`messages of tickets ${from}–${Math.min(hi, from + chunk - 1)}`);
    await run(sql`insert into messages (id, ticket_id, contact_id, body, from_me, read, created_at, updated_at)
      select 'seed-' || t.id || '-' || j, t.id, t.contact_id,
        (${arr(PHRASES)})[1 + (t.id * 7 + j) % ${PHRASES.length}] || ' ' || (t.id * 10 + j) % 99991
          || case when (t.id * 10 + j) % 10007 = 0 then ' e o ${sql.raw(SEARCH_WORD)}?' else '' end
          || case when (t.id * 10 + j) % 199 = 0 then ' quero um ${sql.raw(SEARCH_BROAD_WORD)}' else '' end,
        j % 2 = 0, true, t.created_at + j * interval '5 minutes', t.created_at + j * interval '5 minutes'
      from tickets t cross join generate_series(1, 10) j
      where t.id between ${from} and ${Math.min(hi, from + chunk - 1)}`);
  }
  progress('the long conversation');
  // The newest open ticket holds a 5,000-message conversation (one message a minute).
  await run(sql`insert into messages (id, ticket_id, contact_id, body, from_me, read, created_at, updated_at)
    select 'long-' || j, t.id, t.contact_id, (${arr(PHRASES)})[1 + j % ${PHRASES.length}] || ' ' || j, j % 2 = 0, true,
      now() - (${BIG_TICKET_MESSAGES} - j) * interval '1 minute', now() - (${BIG_TICKET_MESSAGES} - j) * interval '1 minute'
    from (select id, contact_id from tickets where status = 'open' order by id desc limit 1) t, generate_series(1, ${BIG_TICKET_MESSAGES - 10}) j`);
  await run(sql`set session_replication_role = origin`);
  for (const i of indexes) {
    progress(`index ${i.name}`);
    await run(sql.raw(i.def));
  }
  progress('analyze');
  await run(sql`vacuum analyze contacts`);
  await run(sql`vacuum analyze tickets`);
  await run(sql`vacuum analyze messages`);
  await run(sql`analyze`);
}

/** The ticket holding the long conversation. */
export async function bigTicketId(db: Db): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select ticket_id::int as id from messages where id = 'long-1'`));
  return Number(row.id);
}
