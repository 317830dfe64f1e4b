/**
 * The Whaticket import against a real MariaDB (started here on a free port, Press-Ticket schema)
 * and a real PostgreSQL (whaticket-community schema), into this server's database of the kind
 * under test: what comes over, what is reported, idempotence, resuming, the dry run, passwords,
 * and the verification that compares every imported row with its source.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactExtraInfo,
  contactTags,
  contacts,
  importMap,
  messages,
  queues,
  settings,
  tags,
  tickets,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
} from '../../db/schema.js';
import type { ChannelDriver, DriverContext } from '../../channels/driver.js';
import { MediaStore } from '../../lib/media-store.js';
import { rowsOf } from '../../lib/sql.js';
import { PDF } from '../../test/fixtures.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase } from '../../test/harness.js';
import { MARIADB_AVAILABLE, startMariaDb, type TestMariaDb } from '../../test/mariadb.js';
import {
  LONG_CONTACT_NAME,
  LONG_QUEUE_NAME,
  OLD_PASSWORD,
  addWorkHoursAndPermissions,
  createWhaticketDatabase,
} from '../../test/whaticket-fixture.js';
import { createPostgresSource } from '../../test/whaticket-source.js';
import { PLACEHOLDER_CONNECTION_NAMES, importWhaticket, type ImportResult } from './importer.js';
import { openSource, type SourceDb } from './source.js';
import { summaryText } from './summary.js';
import { verifyImport, verifyText } from './verify.js';

function mediaFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-wt-public-'));
  fs.writeFileSync(path.join(dir, 'invoice.pdf'), PDF);
  return dir;
}

async function importInto(
  target: TestDatabase,
  sourceUrl: string,
  extra: { dryRun?: boolean; pageSize?: number; stopAfter?: number; store?: MediaStore; verify?: boolean } = {},
) {
  const source = await openSource(sourceUrl);
  const store = extra.store ?? new MediaStore(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-wt-media-')));
  let pages = 0;
  try {
    const result = await importWhaticket({
      source,
      db: target.database.db,
      media: { from: publicDir, store },
      dryRun: extra.dryRun,
      pageSize: extra.pageSize,
      onProgress: () => {
        if (extra.stopAfter !== undefined && ++pages >= extra.stopAfter) throw new Error('interrupted');
      },
    });
    const verification = extra.verify
      ? await verifyImport({ source, db: target.database.db, result, media: { from: publicDir, store }, pageSize: extra.pageSize })
      : undefined;
    return { result, store, verification };
  } finally {
    await source.close();
  }
}

/** A WhatsApp driver that only records which connections were started. */
function recordingDriver(started: number[]) {
  return (ctx: DriverContext): ChannelDriver => {
    started.push(ctx.connectionId);
    const refuse = () => Promise.reject(new Error('not used'));
    return {
      kind: 'whatsapp',
      start: () => Promise.resolve(),
      stop: () => Promise.resolve(),
      logout: () => Promise.resolve(),
      sendText: refuse,
      sendMedia: refuse,
      deleteForEveryone: refuse,
      markRead: refuse,
      checkNumber: refuse,
      importContacts: () => Promise.resolve([]),
      rejectCall: refuse,
    };
  };
}

let publicDir: string;
beforeAll(() => {
  publicDir = mediaFolder();
});
afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe.skipIf(!MARIADB_AVAILABLE)('Whaticket import from MariaDB (Press-Ticket schema)', () => {
  let maria: TestMariaDb;
  let target: TestDatabase;
  let first: ImportResult;
  let store: MediaStore;

  beforeAll(async () => {
    maria = await startMariaDb();
    const conn = await mysql.createConnection(maria.url);
    await createWhaticketDatabase((sql) => conn.query(sql), 'mysql');
    await conn.end();
    target = await openTestDatabase();
    await target.database.migrate();
    // The company writes to its customers in Spanish: the placeholder connection is named so.
    await target.database.db.insert(settings).values({ key: 'language', value: 'es' });
    ({ result: first, store } = await importInto(target, maria.url, { pageSize: 2 }));
  }, 180_000);
  afterAll(async () => {
    await target?.drop();
    await maria?.stop();
  });

  it('recognises the variant and reports what it does not know', () => {
    expect(first.survey.variant).toBe('press-ticket');
    expect(first.survey.unknownColumns).toEqual(['Contacts.favoriteColour']);
    // Press-Ticket's own tables this side has no place for: listed, not guessed at.
    expect(first.survey.otherTables).toEqual([
      'ActivityLogs',
      'ApiTokens',
      'ClientStatus',
      'EmailAttachments',
      'Emails',
      'ErrorLogs',
      'GroupEvents',
      'Integrations',
      'MessageReactions',
      'OldMessages',
      'Personalizations',
      'PollVotes',
      'TicketLabels',
      'UserSessions',
      'UserWhatsapps',
      'VideoUsers',
      'Videos',
      'WhatsappLabels',
      'WhatsappNotifications',
    ]);
    expect(first.survey.missingTables).toEqual([]);
  });

  it('brings sectors, connection, attendants, contacts, tags, quick answers, tickets and messages over', async () => {
    const db = target.database.db;
    expect((await db.select().from(queues)).map((q) => [q.name, q.color, q.startWork, q.absenceMessage])).toEqual(
      expect.arrayContaining([
        ['Sales', '#ff0000', '08:00', 'We are closed'],
        ['Support', '#00ff00', null, ''],
      ]),
    );
    const [connection] = await db.select().from(whatsapps);
    expect(connection).toMatchObject({
      name: 'Main phone',
      status: 'DISCONNECTED',
      isDefault: true,
      greetingMessage: 'Hello!',
      farewellMessage: 'Bye!',
    });
    const ana = (await db.select().from(users).where(eq(users.email, 'ana@example.com')))[0];
    expect(ana).toMatchObject({ name: 'Agent Ana', profile: 'user', startWork: '09:00', endWork: '17:00' });
    expect(await db.select().from(userQueues).where(eq(userQueues.userId, ana.id))).toHaveLength(1);
    expect((await db.select().from(contacts)).map((c) => c.number).sort()).toEqual(['5511988880001', '5511988880002', '5511988880004']);
    const [maria] = await db.select().from(contacts).where(eq(contacts.number, '5511988880001'));
    // Her custom field, and Press-Ticket's address and personal columns as named fields.
    expect(
      await db
        .select({ name: contactExtraInfo.name, value: contactExtraInfo.value })
        .from(contactExtraInfo)
        .where(eq(contactExtraInfo.contactId, maria.id)),
    ).toEqual(
      expect.arrayContaining([
        { name: 'CPF', value: '123.456.789-00' },
        { name: 'city', value: 'São Paulo' },
        { name: 'birthdate', value: '1990-05-01' },
      ]),
    );
    expect(await db.select().from(contactExtraInfo).where(eq(contactExtraInfo.contactId, maria.id))).toHaveLength(3);
    const [vip] = await db.select().from(tags);
    expect(vip).toMatchObject({ name: 'VIP customer', color: '#abcdef' });
    expect(await db.select().from(contactTags)).toEqual([{ contactId: maria.id, tagId: vip.id }]);
    expect((await db.select().from(settings).where(eq(settings.key, 'userCreation')))[0].value).toBe('disabled');

    const imported = await db.select().from(tickets);
    expect(imported.map((t) => t.status).sort()).toEqual(['closed', 'open', 'pending']);
    // Written at 12:00 in the source's -03:00.
    expect(imported.find((t) => t.status === 'closed')!.createdAt.toISOString()).toBe('2024-05-01T15:00:00.000Z');
    const msgs = await db.select().from(messages);
    expect(msgs.map((m) => m.externalId).sort()).toEqual([
      '3EA001',
      '3EA002',
      '3EA003',
      '3EB0A1',
      '3EB0A2',
      '3EB0A3',
      '3EB0A4',
      '3EB0A5',
      '3EB0A6',
    ]);
    // Sent by the old install: never picked up by the outbox again.
    for (const m of msgs.filter((x) => x.fromMe)) expect(m.sendState).toBe('sent');
    const reply = msgs.find((m) => m.externalId === '3EB0A2')!;
    expect(reply.quotedMsgId).toBe(msgs.find((m) => m.externalId === '3EB0A1')!.id);
    const invoice = msgs.find((m) => m.externalId === '3EB0A3')!;
    expect(invoice.mediaPath).toBeTruthy();
    expect(fs.readFileSync(path.join(store.dir, invoice.mediaPath!))).toEqual(PDF);
    expect(msgs.find((m) => m.externalId === '3EB0A4')!.mediaPath).toBeNull();
    // The search's keys of every contact with imported tickets are worked out (none left "untracked"):
    // each holds the key of each of its tickets (the attendant's id, else minus the sector's, else 0).
    const keys = rowsOf(await db.execute(sql`select id, ticket_scope_keys as keys from contacts`));
    for (const t of imported) {
      const held = (keys.find((k) => Number(k.id) === t.contactId)!.keys as number[]).map(Number);
      expect(held).not.toContain(-2_147_483_647);
      expect(held).toContain(t.userId ?? (t.queueId ? -t.queueId : 0));
    }
  });

  it('reports every skipped row with its reason', () => {
    const reasons = first.skipped.map((s) => `${s.table} ${s.id}: ${s.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'Settings sourceType: no such setting here',
        expect.stringMatching(/^Settings call: value not accepted here/),
        'Contacts 3: no usable number',
        'ContactCustomFields 2: contact not imported',
        'Tags 2: name shorter than 3 characters',
        expect.stringMatching(/^ContactTags 2\/2: contact or tag not imported/),
        'Tickets 4: contact not imported',
        'Messages 3EA004: ticket not imported',
      ]),
    );
    expect(first.skipped).toHaveLength(8);
    expect(first.notes.some((n) => n.includes('3EB0A4') && n.includes('lost-photo.jpg'))).toBe(true);
    expect(first.tables.Messages).toEqual({ imported: 9, already: 0, skipped: 1 });
    expect(summaryText(first)).toContain('Unknown columns (not imported): Contacts.favoriteColour');
  });

  it('imports nothing twice when run again', async () => {
    const again = (await importInto(target, maria.url)).result;
    for (const [table, summary] of Object.entries(again.tables)) {
      if (table.endsWith('Queues') || table === 'ContactTags') continue; // link tables are re-asserted, never doubled
      expect(summary.imported, table).toBe(0);
    }
    const db = target.database.db;
    expect(await db.select().from(messages)).toHaveLength(9);
    expect(await db.select().from(contacts)).toHaveLength(3);
    expect(await db.select().from(contactTags)).toHaveLength(1);
    // One placeholder connection, however many runs.
    expect(await db.select().from(whatsapps)).toHaveLength(2);
  });

  it('cuts nothing silently, keeps a text that looks like a date as text, and a location as a location', async () => {
    const db = target.database.db;
    const [long] = await db.select().from(queues).where(eq(queues.color, '#0000ff'));
    expect(long.name).toBe(LONG_QUEUE_NAME.slice(0, 50));
    const cuts = first.changed.map((c) => [c.table, c.field, c.source]);
    expect(cuts).toEqual(
      expect.arrayContaining([
        ['Queues', 'name', LONG_QUEUE_NAME],
        ['Contacts', 'name', LONG_CONTACT_NAME.trim()],
        ['Contacts', 'email', 'not-an-email'],
      ]),
    );
    expect(summaryText(first)).toContain('changed Queues 3 name: longer than 50 characters');
    const msgs = await db.select().from(messages);
    expect(msgs.find((m) => m.externalId === '3EA002')!.body).toBe('2024-05-01 12:00:00');
    const location = msgs.find((m) => m.externalId === '3EA003')!;
    expect(location).toMatchObject({ mediaType: 'location', body: '-23.5505,-46.6333 Praça da Sé, São Paulo' });
    // A quote of a message whose id sorts later.
    expect(msgs.find((m) => m.externalId === '3EA001')!.quotedMsgId).toBe(msgs.find((m) => m.externalId === '3EB0A1')!.id);
  });

  it('keeps who wrote a reply and that it was edited; a deactivated attendant cannot sign in', async () => {
    const db = target.database.db;
    const [ana] = await db.select().from(users).where(eq(users.email, 'ana@example.com'));
    const [reply] = await db.select().from(messages).where(eq(messages.externalId, '3EB0A2'));
    expect(reply).toMatchObject({ userId: ana.id, isEdited: true });
    expect(first.notes).toContain('Attendant former@example.com was deactivated in the source: imported without a usable password.');
    const server = await createTestServer({ database: target.database });
    try {
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'former@example.com', password: OLD_PASSWORD },
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await server.app.close();
    }
  });

  it("carries another release's connection hours, inactivity and group settings, and each attendant's permissions", async () => {
    // The same source in a second database of the server, with the columns those releases add.
    const later = `later_${process.pid}_${Date.now()}`;
    const conn = await mysql.createConnection(maria.url);
    await conn.query(`CREATE DATABASE \`${later}\` CHARACTER SET utf8mb4`);
    await conn.query(`USE \`${later}\``);
    await createWhaticketDatabase((sql) => conn.query(sql), 'mysql');
    await addWorkHoursAndPermissions((sql) => conn.query(sql));
    await conn.end();
    const url = new URL(maria.url);
    url.pathname = `/${later}`;
    const other = await openTestDatabase();
    try {
      await other.database.migrate();
      const { result } = await importInto(other, url.toString());
      expect(result.survey.unknownColumns).toEqual(['Contacts.favoriteColour']);
      const db = other.database.db;
      const [phone] = await db.select().from(whatsapps).where(eq(whatsapps.name, 'Main phone'));
      expect(phone).toMatchObject({
        defineWorkHours: true,
        outOfWorkMessage: 'We are closed now',
        isGroup: true,
        isDisplay: true,
        sendInactiveMessage: true,
        inactiveMessage: 'Closing for inactivity',
        timeInactiveMessage: 4,
      });
      expect(phone.workHours!.monday).toEqual({ enabled: true, start: '09:00', end: '17:00', lunchStart: '12:00', lunchEnd: '13:00' });
      expect(phone.workHours!.saturday).toMatchObject({ enabled: true, start: '08:00', end: '12:00' });
      expect(phone.workHours!.sunday.enabled).toBe(false);
      const [ana] = await db.select().from(users).where(eq(users.email, 'ana@example.com'));
      expect(ana).toMatchObject({
        allHistoric: false,
        isRemoveTags: false,
        viewConection: false,
        viewSector: true,
        viewName: false,
        viewTags: false,
        allTicket: false,
      });
      const [admin] = await db.select().from(users).where(eq(users.email, 'old.admin@example.com'));
      expect(admin).toMatchObject({
        allHistoric: true,
        isRemoveTags: true,
        viewConection: true,
        viewSector: true,
        viewName: true,
        viewTags: true,
        allTicket: true,
      });
    } finally {
      await other.drop();
    }
  }, 180_000);

  it('keeps a ticket whose connection was deleted in the source, with its messages, on a visible placeholder connection', async () => {
    const db = target.database.db;
    const [placeholder] = await db.select().from(whatsapps).where(eq(whatsapps.name, 'Importada — sin conexión'));
    expect(placeholder).toMatchObject({ status: 'DISCONNECTED', awaitingPairing: true, isDefault: false });
    expect(first.notes).toContain('Ticket 3: its connection is gone from the source; kept on "Importada — sin conexión".');
    const kept = await db.select().from(tickets).where(eq(tickets.whatsappId, placeholder.id));
    expect(kept.map((t) => t.status)).toEqual(['pending']);
    expect((await db.select().from(messages).where(eq(messages.ticketId, kept[0].id))).map((m) => m.body)).toEqual(['lost ticket']);
    const server = await createTestServer({ database: target.database });
    try {
      const list = await server.app.inject({ method: 'GET', url: '/api/whatsapp', headers: bearer(server.adminToken) });
      // Both imported connections say they wait to be paired again; the API shows it.
      expect(list.json().map((c: { name: string; awaitingPairing: boolean }) => [c.name, c.awaitingPairing])).toEqual(
        expect.arrayContaining([
          ['Main phone', true],
          ['Importada — sin conexión', true],
        ]),
      );
    } finally {
      await server.app.close();
    }
  });

  it('starts no session for imported connections at server start; an admin starting one ends the wait', async () => {
    const started: number[] = [];
    const server = await createTestServer({ database: target.database, factories: { whatsapp: recordingDriver(started) } });
    try {
      expect(started).toEqual([]);
      const [phone] = await target.database.db.select().from(whatsapps).where(eq(whatsapps.name, 'Main phone'));
      expect(phone.status).toBe('DISCONNECTED');
      const res = await server.app.inject({ method: 'POST', url: `/api/whatsappsession/${phone.id}`, headers: bearer(server.adminToken) });
      expect(res.statusCode, res.body).toBe(200);
      expect(started).toEqual([phone.id]);
      expect((await target.database.db.select().from(whatsapps).where(eq(whatsapps.id, phone.id)))[0].awaitingPairing).toBe(false);
      const shown = await server.app.inject({ method: 'GET', url: `/api/whatsapp/${phone.id}`, headers: bearer(server.adminToken) });
      expect(shown.json()).toMatchObject({ id: phone.id, awaitingPairing: false });
    } finally {
      await server.app.close();
    }
    // Once paired, it starts with the server like any other connection.
    const again: number[] = [];
    const restarted = await createTestServer({
      database: target.database,
      factories: { whatsapp: recordingDriver(again) },
      soleProcess: true,
    });
    await restarted.app.close();
    expect(again).toHaveLength(1);
  });

  it('--verify: every imported row matches its source, or the difference is explained; a changed row is caught', async () => {
    const { verification } = await importInto(target, maria.url, { pageSize: 3, store, verify: true });
    expect(verification!.unexplained, verifyText(verification!)).toBe(0);
    const byTable = Object.fromEntries(verification!.tables.map((t) => [t.table, t]));
    expect(byTable.Messages).toMatchObject({ sourceRows: 10, imported: 9, notImported: 1 });
    expect(byTable.Messages.times.source).toBe(byTable.Messages.times.imported);
    expect(verification!.media).toEqual({ compared: 1, identical: 1 });
    expect(verification!.differences.filter((d) => d.explained).map((d) => `${d.table} ${d.id} ${d.field}`)).toEqual(
      expect.arrayContaining([
        'Queues 3 name',
        'Contacts 4 name',
        'Messages 3EA003 body',
        'Tickets 3 whatsappId',
        'Tickets 4 (row)',
        'Messages 3EA004 (row)',
      ]),
    );

    // Someone edits an imported message and moves a ticket's time: both are reported, unexplained.
    const db = target.database.db;
    const [msg] = await db.select().from(messages).where(eq(messages.externalId, '3EB0A5'));
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
    await db.update(messages).set({ body: 'changed here' }).where(eq(messages.id, msg.id));
    await db
      .update(tickets)
      .set({ createdAt: new Date('2024-05-01T12:00:00Z') })
      .where(eq(tickets.id, msg.ticketId));
    const changed = (await importInto(target, maria.url, { store, verify: true })).verification!;
    expect(
      changed.differences
        .filter((d) => !d.explained)
        .map((d) => `${d.table} ${d.id} ${d.field}`)
        .sort(),
    ).toEqual(['Messages 3EB0A5 body', 'Tickets 2 createdAt']);
    expect(changed.tables.find((t) => t.table === 'Tickets')!.times.source).not.toBe(
      changed.tables.find((t) => t.table === 'Tickets')!.times.imported,
    );
    await db.update(messages).set({ body: msg.body }).where(eq(messages.id, msg.id));
    await db.update(tickets).set({ createdAt: ticket.createdAt }).where(eq(tickets.id, ticket.id));
  });

  it('--verify: settings by key, link tables pair by pair, the tags each ticket shows, default connections, unread counts and delivery states; a change to any is caught', async () => {
    const { verification } = await importInto(target, maria.url, { store, verify: true });
    const byTable = Object.fromEntries(verification!.tables.map((t) => [t.table, t]));
    // userCreation taken; sourceType (no such setting here) and call (value refused) explained.
    expect(byTable.Settings).toMatchObject({ sourceRows: 3, imported: 1, notImported: 2 });
    expect(byTable.WhatsappQueues).toMatchObject({ sourceRows: 2, imported: 2, notImported: 0 });
    expect(byTable.UserQueues).toMatchObject({ sourceRows: 1, imported: 1, notImported: 0 });
    expect(byTable.ContactTags).toMatchObject({ sourceRows: 2, imported: 1, notImported: 1 });
    for (const t of ['Settings', 'WhatsappQueues', 'UserQueues', 'ContactTags'])
      expect(byTable[t].texts.source, t).toBe(byTable[t].texts.imported);
    expect(verification!.unexplained, verifyText(verification!)).toBe(0);
    // João's ticket showed the tag "x", which was not imported (too short a name): said so.
    expect(verification!.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          table: 'Tickets',
          id: '2',
          field: 'tags',
          source: 'x',
          imported: '',
          explained: expect.stringMatching(/^tag not imported: x/),
        }),
      ]),
    );
    expect(verification!.differences.filter((d) => d.table === 'Tickets' && d.id !== '2' && d.field === 'tags')).toEqual([]);

    // An admin changes a setting, a sector is unlinked from the connection, a tag is added to a
    // contact, Maria loses her tag, the tag's colour changes and a message's delivery state moves:
    // each is reported, unexplained (the added tag in the ContactTags checksum).
    const db = target.database.db;
    const [phone] = await db.select().from(whatsapps).where(eq(whatsapps.name, 'Main phone'));
    const [sales] = await db.select().from(queues).where(eq(queues.name, 'Sales'));
    const [msg] = await db.select().from(messages).where(eq(messages.externalId, '3EB0A2'));
    const [joao] = await db.select().from(contacts).where(eq(contacts.number, '5511988880002'));
    const [vip] = await db.select().from(tags);
    const [mariaContact] = await db.select().from(contacts).where(eq(contacts.number, '5511988880001'));
    await db.update(settings).set({ value: 'enabled' }).where(eq(settings.key, 'userCreation'));
    await db.delete(contactTags).where(and(eq(contactTags.contactId, mariaContact.id), eq(contactTags.tagId, vip.id)));
    await db.update(tags).set({ color: '#123456' }).where(eq(tags.id, vip.id));
    // A ticket loses its unread count.
    const [joaoTicket] = await db.select().from(tickets).where(eq(tickets.contactId, joao.id));
    await db.update(tickets).set({ unreadMessages: 7 }).where(eq(tickets.id, joaoTicket.id));
    await db.delete(whatsappQueues).where(and(eq(whatsappQueues.whatsappId, phone.id), eq(whatsappQueues.queueId, sales.id)));
    await db.insert(contactTags).values({ contactId: joao.id, tagId: vip.id });
    await db
      .update(messages)
      .set({ ack: msg.ack === 3 ? 1 : 3 })
      .where(eq(messages.id, msg.id));
    // Verified without importing again (a run would re-add the link): against the first run's report.
    const source = await openSource(maria.url);
    try {
      const changed = await verifyImport({ source, db, result: first, media: { from: publicDir, store } });
      expect(
        changed.differences
          .filter((d) => !d.explained)
          .map((d) => `${d.table} ${d.id} ${d.field}`)
          .sort(),
      ).toEqual([
        'ContactTags 1/1 (row)',
        'Messages 3EB0A2 ack',
        'Settings userCreation value',
        'Tags 1 color',
        'Tickets 1 tags',
        'Tickets 2 unreadMessages',
        'Tickets 3 tags',
        'WhatsappQueues 1/1 (row)',
      ]);
      expect(changed.differences.find((d) => d.table === 'Tickets' && d.id === '1' && d.field === 'tags')).toMatchObject({
        source: 'VIP customer',
        imported: '',
      });
      const contactTagsCheck = changed.tables.find((t) => t.table === 'ContactTags')!;
      expect(contactTagsCheck.texts.source).not.toBe(contactTagsCheck.texts.imported);
    } finally {
      await source.close();
      await db.update(settings).set({ value: 'disabled' }).where(eq(settings.key, 'userCreation'));
      await db.insert(whatsappQueues).values({ whatsappId: phone.id, queueId: sales.id });
      await db.delete(contactTags).where(and(eq(contactTags.contactId, joao.id), eq(contactTags.tagId, vip.id)));
      await db.insert(contactTags).values({ contactId: mariaContact.id, tagId: vip.id });
      await db.update(tags).set({ color: vip.color }).where(eq(tags.id, vip.id));
      await db.update(tickets).set({ unreadMessages: joaoTicket.unreadMessages }).where(eq(tickets.id, joaoTicket.id));
      await db.update(messages).set({ ack: msg.ack }).where(eq(messages.id, msg.id));
    }
  });

  it('lets attendants sign in with their old password, which is then stored the current way', async () => {
    const server = await createTestServer({ database: target.database });
    try {
      // The admin works all day (Ana's hours would refuse a sign-in outside 09:00–17:00).
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'old.admin@example.com', password: OLD_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const wrong = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'old.admin@example.com', password: 'not-it' },
      });
      expect(wrong.statusCode).toBe(401);
      const [admin] = await target.database.db.select().from(users).where(eq(users.email, 'old.admin@example.com'));
      expect(admin.passwordHash.startsWith('scrypt$')).toBe(true);
      const again = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'old.admin@example.com', password: OLD_PASSWORD },
      });
      expect(again.statusCode).toBe(200);
      const [ana] = await target.database.db.select().from(users).where(eq(users.email, 'ana@example.com'));
      expect(ana.passwordHash.startsWith('$2')).toBe(true);
    } finally {
      await server.app.close();
    }
  });

  it('a dry run writes nothing and says what it would import', async () => {
    const fresh = await openTestDatabase();
    try {
      await fresh.database.migrate();
      const { result } = await importInto(fresh, maria.url, { dryRun: true });
      expect(result.dryRun).toBe(true);
      expect(result.tables.Messages).toEqual({ imported: 9, already: 0, skipped: 1 });
      expect(result.skipped).toHaveLength(8);
      const db = fresh.database.db;
      expect(await db.select().from(messages)).toEqual([]);
      expect(await db.select().from(contacts)).toEqual([]);
      expect(await db.select().from(importMap)).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });

  it('continues where an interrupted run stopped, without doubles', async () => {
    const fresh = await openTestDatabase();
    try {
      await fresh.database.migrate();
      await expect(importInto(fresh, maria.url, { pageSize: 1, stopAfter: 12 })).rejects.toThrow('interrupted');
      const partial = (await fresh.database.db.select().from(importMap)).length;
      expect(partial).toBeGreaterThan(0);
      const { result } = await importInto(fresh, maria.url, { pageSize: 1 });
      expect(result.tables.Users?.already).toBe(3);
      const db = fresh.database.db;
      expect(await db.select().from(messages)).toHaveLength(9);
      expect(await db.select().from(tickets)).toHaveLength(3);
      expect(await db.select().from(users)).toHaveLength(3);
    } finally {
      await fresh.drop();
    }
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('Whaticket import from PostgreSQL (whaticket-community schema)', () => {
  let sourceUrl: string;
  let dbName: string;
  let dropSource: (() => Promise<void>) | undefined;
  let target: TestDatabase;
  let source: SourceDb;

  beforeAll(async () => {
    const made = await createPostgresSource(PG_URL!);
    ({ url: sourceUrl, name: dbName, drop: dropSource } = made);
    target = await openTestDatabase();
    await target.database.migrate();
    source = await openSource(sourceUrl);
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await target?.drop();
    await dropSource?.();
  });

  it('imports the community variant, which has no tags, and is idempotent', async () => {
    const { result: first, store } = await importInto(target, sourceUrl);
    expect(first.survey.variant).toBe('whaticket-community');
    expect(first.survey.missingTables).toEqual(['Tags', 'ContactTags']);
    expect(first.tables.Users).toEqual({ imported: 2, already: 0, skipped: 0 });
    expect(first.survey.unknownColumns).toEqual(['Contacts.favoriteColour']);
    expect(first.survey.otherTables).toEqual([]);
    expect(first.tables.Messages).toEqual({ imported: 9, already: 0, skipped: 1 });
    const db = target.database.db;
    const [sales] = await db.select().from(queues).where(eq(queues.name, 'Sales'));
    expect(sales).toMatchObject({ color: '#ff0000', greetingMessage: 'Welcome to sales', startWork: null });
    // Dates keep their instant across databases.
    const [closed] = await db.select().from(tickets).where(eq(tickets.status, 'closed'));
    expect(closed.createdAt.toISOString()).toBe('2024-05-01T15:00:00.000Z');
    const msgs = await db.select().from(messages);
    expect(msgs.find((m) => m.externalId === '3EA003')).toMatchObject({
      mediaType: 'location',
      body: '-23.5505,-46.6333 Praça da Sé, São Paulo',
    });
    // No company language set here: the server's default, Portuguese.
    const [placeholder] = await db.select().from(whatsapps).where(eq(whatsapps.name, PLACEHOLDER_CONNECTION_NAMES.pt));
    expect(msgs.find((m) => m.externalId === '3EB0A6')!.whatsappId).toBe(placeholder.id);

    const again = await importInto(target, sourceUrl, { verify: true, store });
    expect(again.result.tables.Messages).toEqual({ imported: 0, already: 9, skipped: 1 });
    expect(await db.select().from(messages)).toHaveLength(9);
    expect(again.verification!.unexplained, verifyText(again.verification!)).toBe(0);
    expect(again.verification!.tables.find((t) => t.table === 'Tickets')).toMatchObject({ sourceRows: 4, imported: 3, notImported: 1 });
    expect(again.verification!.media).toEqual({ compared: 1, identical: 1 });
  });

  it('names the source without its password', () => {
    expect(source.identity).toBe(`postgres://${new URL(sourceUrl).hostname}:${new URL(sourceUrl).port || '5432'}/${dbName}`);
  });
});
