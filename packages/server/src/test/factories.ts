/**
 * Data factories: the rows a test needs, with defaults, written straight to the test server's
 * database (what a test sets up is not what it tests, so no route runs for it). Every value can be
 * overridden; unique fields (numbers, e-mails) get fresh values; times come from the server's clock
 * (test/clock.ts), so records made under a TestClock are as old as the test says.
 *
 *   const make = factories(s);
 *   const ticket = await make.ticket({ status: 'open', userId: agent.id });
 *   await make.message(ticket, { body: 'hello' });
 *
 * A ticket without a contact gets a new one; without a connection, the database's factory-made
 * simulator connection (one per test database).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { contacts, messages, queues, tickets, users, whatsapps } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import type { TestServer } from './harness.js';

/** A row's columns, each optional, as a value or an SQL expression (e.g. a time computed by the database). */
type Insert<T extends { $inferInsert: Record<string, unknown> }> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL };
export type ContactRow = typeof contacts.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** The connection tickets get when the test names none: one per database. */
const defaultConnections = new WeakMap<object, Promise<typeof whatsapps.$inferSelect>>();

let seq = 0;
/** A number no other factory call of this process returned (test files share a process). */
const next = () => ++seq;

export function factories(s: Pick<TestServer, 'database' | 'clock' | 'login'>) {
  const db = s.database.db;
  const now = () => s.clock.now();

  const make = {
    /** A connection (simulator channel, not started: DISCONNECTED until a test pairs it). */
    async connection(fields: Insert<typeof whatsapps> = {}) {
      const n = next();
      const [row] = await db
        .insert(whatsapps)
        .values({ name: `Connection ${n}`, channel: 'simulator', status: 'DISCONNECTED', createdAt: now(), updatedAt: now(), ...fields })
        .returning();
      return row;
    },

    /** A sector (queue). */
    async sector(fields: Insert<typeof queues> = {}) {
      const n = next();
      const [row] = await db
        .insert(queues)
        .values({ name: `Sector ${n}`, color: '#3366cc', createdAt: now(), updatedAt: now(), ...fields })
        .returning();
      return row;
    },

    /** An attendant (profile 'user' unless given), signed in: the row, its password and a token. */
    async user(fields: Insert<typeof users> & { password?: string } = {}) {
      const n = next();
      const { password = `password-${n}`, ...values } = fields;
      const [row] = await db
        .insert(users)
        .values({
          name: `Attendant ${n}`,
          email: `attendant${n}-${randomUUID().slice(0, 8)}@test.local`,
          passwordHash: await hashPassword(password),
          createdAt: now(),
          updatedAt: now(),
          ...values,
        })
        .returning();
      return { ...row, password, token: await s.login(row.email, password) };
    },

    /** A customer with a fresh phone number (random digits: no number is a part of another). */
    async contact(fields: Insert<typeof contacts> = {}): Promise<ContactRow> {
      const n = next();
      const [row] = await db
        .insert(contacts)
        .values({
          name: `Customer ${n}`,
          number: `5531${randomInt(100_000_000, 1_000_000_000)}`,
          createdAt: now(),
          updatedAt: now(),
          ...fields,
        })
        .returning();
      return row;
    },

    /** A ticket (pending, no attendant, no sector unless given) of a new contact on the default connection. */
    async ticket(fields: Insert<typeof tickets> = {}): Promise<TicketRow> {
      const contactId = fields.contactId ?? (await make.contact()).id;
      let connection = defaultConnections.get(s.database);
      if (!connection && fields.whatsappId === undefined) defaultConnections.set(s.database, (connection = make.connection()));
      const whatsappId = fields.whatsappId ?? (await connection!).id;
      const [row] = await db
        .insert(tickets)
        .values({ status: 'pending', createdAt: now(), updatedAt: now(), ...fields, contactId, whatsappId })
        .returning();
      return row;
    },

    /**
     * A message of `ticket`: from the customer unless `fromMe` (then as sent: send state 'sent').
     * It is a stored message only: the ticket's last-message fields are the test's to set if it needs them.
     */
    async message(ticket: Pick<TicketRow, 'id' | 'contactId' | 'whatsappId'>, fields: Insert<typeof messages> = {}): Promise<MessageRow> {
      const n = next();
      const fromMe = fields.fromMe === true;
      const [row] = await db
        .insert(messages)
        .values({
          id: randomUUID(),
          ticketId: ticket.id,
          whatsappId: ticket.whatsappId,
          contactId: fromMe ? null : ticket.contactId,
          externalId: `FACTORY${n}`,
          body: `Message ${n}`,
          fromMe,
          sendState: fromMe ? 'sent' : 'received',
          ack: fromMe ? 1 : 0,
          createdAt: now(),
          updatedAt: now(),
          ...fields,
        })
        .returning();
      return row;
    },
  };
  return make;
}
