/**
 * An administrator brings a Whaticket install over from the Import page: a dry run first (nothing
 * changes), then the import; the old install's contact is then a contact here. The old install
 * had sign-up on: the page lists it (off here → on there) and, not chosen, it stays off. The source is a
 * whaticket-community database with that product's own schema (its migrations' pg_dump, as the
 * server's import tests use), made by the test on this machine's PostgreSQL with a few rows. Its connection
 * comes over stopped, shown on the Connections page as needing to be paired again. After the import
 * the page compares every imported row with its source; a contact renamed here since is caught
 * when the admin verifies again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { ADMIN, Api, login, unique } from './helpers';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const SHOTS = '/tmp/shots';
const REFERENCE_DIR = path.join(import.meta.dirname, '../../packages/server/src/test/whaticket-reference');
fs.mkdirSync(SHOTS, { recursive: true });

test.skip(!DATABASE_URL, 'The import test reads a Whaticket database on PostgreSQL (TEST_DATABASE_URL).');

const suffix = unique().toLowerCase();
const sourceName = `wt_e2e_${suffix}`;
const customer = { name: `Imported Customer ${suffix}`, number: `55119${String(Date.now()).slice(-8)}` };

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function sourceUrl(): string {
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${sourceName}`;
  return url.toString();
}

/**
 * The reference product's own schema, as its migrations create it (dumped with pg_dump, kept beside
 * the server's import tests): comments and psql meta-commands dropped, one statement per ";" line end.
 */
function referenceSchema(): string[] {
  const dump = fs.readFileSync(path.join(REFERENCE_DIR, 'whaticket-community.postgres.sql'), 'utf8');
  return dump
    .split('\n')
    .filter((line) => !line.startsWith('--') && !line.startsWith('\\'))
    .join('\n')
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

test.beforeAll(async () => {
  await withClient(DATABASE_URL!, (c) => c.query(`CREATE DATABASE ${sourceName}`));
  await withClient(sourceUrl(), async (c) => {
    for (const statement of referenceSchema()) await c.query(statement);
    // pg_dump empties the session's search_path for its own statements; the rows go to public.
    await c.query('RESET search_path');
    const at = `now(), now()`;
    await c.query(`INSERT INTO "Settings" (key, value, "createdAt", "updatedAt") VALUES ('userCreation', 'enabled', ${at})`);
    await c.query(
      `INSERT INTO "Whatsapps" (id, name, status, "isDefault", "createdAt", "updatedAt") VALUES (1, 'Old phone ${suffix}', 'CONNECTED', true, ${at})`,
    );
    await c.query(
      `INSERT INTO "Contacts" (id, name, number, "createdAt", "updatedAt") VALUES (1, $1, $2, ${at}), (2, 'No number', '', ${at})`,
      [customer.name, customer.number],
    );
    await c.query(
      `INSERT INTO "Tickets" (id, status, "lastMessage", "contactId", "whatsappId", "createdAt", "updatedAt") VALUES (1, 'closed', 'Thanks!', 1, 1, ${at})`,
    );
    await c.query(
      `INSERT INTO "Messages" (id, body, "fromMe", "ticketId", "contactId", "createdAt", "updatedAt") VALUES ('E2E1${suffix}', 'Hello from the old system', false, 1, 1, ${at})`,
    );
  });
});

test.afterAll(async () => {
  await withClient(DATABASE_URL!, (c) => c.query(`DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`));
});

test('an admin dry-runs, then imports a Whaticket database, and its contact is here', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.getByTestId('menu-import').click();
  await expect(page).toHaveURL(/\/import$/);

  await page.getByTestId('import-from').fill(sourceUrl());
  await expect(page.getByTestId('import-dry-run')).toBeChecked();
  // A MySQL source's times carry no zone: the reference products' default, which the admin may change.
  await expect(page.getByTestId('import-source-timezone')).toHaveValue('-03:00');
  await page.getByTestId('import-start').click();
  const job = page.getByTestId('import-job');
  await expect(job).toHaveAttribute('data-status', 'done');
  await expect(job).toContainText('Dry run finished (whaticket-community): nothing was changed.');
  await expect(page.getByTestId('import-summary-Contacts')).toHaveText('Contacts101');
  await expect(page.getByTestId('import-skipped')).toContainText('Contacts 2: no usable number');
  await expect(page.getByTestId('import-take-userCreation')).not.toBeChecked();
  await expect(page.getByTestId('import-setting-userCreation')).toHaveText('Sign-up from the login pagedisabledenabledKept (not chosen)');
  await page.screenshot({ path: `${SHOTS}/whaticket-import-dry-run.png`, fullPage: true });

  await page.getByTestId('import-dry-run').uncheck();
  await page.getByTestId('import-start').click();
  await expect(job).toContainText('Import finished (whaticket-community).');
  await expect(page.getByTestId('import-summary-Messages')).toHaveText('Messages100');
  await expect(page.getByTestId('import-setting-userCreation')).toHaveText('Sign-up from the login pagedisabledenabledKept (not chosen)');
  const api = await Api.of(page);
  expect((await api.call<{ value: string }>('GET', '/api/settings/userCreation')).value).toBe('disabled');

  // The verification that follows the import: only the differences the import meant to make.
  const verification = page.getByTestId('import-verification');
  await expect(verification).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('import-verification-outcome')).toHaveText(
    /^No unexplained differences: \d+ differences? the import meant/,
  );
  await expect(page.getByTestId('import-verification-Contacts')).toHaveText('Contacts211samesame');
  await expect(page.getByTestId('import-verification-Messages')).toHaveText('Messages110samesame');
  await expect(page.getByTestId('import-verification-differences')).toContainText('Explained Contacts 2 (row): present → absent');
  await page.screenshot({ path: `${SHOTS}/whaticket-import-verified.png`, fullPage: true });

  // Renamed here since: verifying again lists it first, unexplained.
  const { contacts: found } = await api.call<{ contacts: { id: number; name: string }[] }>(
    'GET',
    `/api/contacts?searchParam=${encodeURIComponent(customer.name)}`,
  );
  await api.call('PUT', `/api/contacts/${found[0].id}`, { name: 'Renamed here' });
  await page.getByTestId('import-verify').click();
  await expect(page.getByTestId('import-verification-outcome')).toHaveText(
    /^1 unexplained difference \(and \d+ explained\): the import lost or changed something without saying so\.$/,
  );
  await expect(page.getByTestId('import-verification-differences').locator('li').first()).toHaveText(
    `Unexplained Contacts 1 name: ${customer.name} → Renamed here`,
  );
  await expect(page.getByTestId('import-verification-Contacts')).toHaveText('Contacts211samediffer');
  await page.screenshot({ path: `${SHOTS}/whaticket-import-verified-again.png`, fullPage: true });
  await api.call('PUT', `/api/contacts/${found[0].id}`, { name: customer.name });

  await page.getByTestId('menu-contacts').click();
  await page.getByTestId('contacts-search').fill(suffix);
  await expect(page.getByText(customer.name)).toBeVisible();

  // The imported connection waits, stopped, until the admin pairs it again: the Connections page says so.
  const imported = (await api.call<{ id: number; name: string; awaitingPairing: boolean }[]>('GET', '/api/whatsapp')).find(
    (c) => c.name === `Old phone ${suffix}`,
  )!;
  expect(imported.awaitingPairing).toBe(true);
  await page.getByTestId('menu-connections').click();
  const row = page.getByTestId(`connection-row-${imported.id}`);
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'DISCONNECTED');
  await expect(row.getByTestId('connection-awaiting-pairing')).toHaveText(/^Imported from another install: pairing again needed\./);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/whaticket-import-connection-awaiting-pairing.png` });
});
