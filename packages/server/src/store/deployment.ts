/** This installation's id (db/schema.ts `deployment`), made once by its migration. */
import type { Db } from '../db/client.js';
import { deployment } from '../db/schema.js';

export async function deploymentId(db: Db): Promise<string> {
  const [row] = await db.select({ id: deployment.id }).from(deployment);
  if (!row) throw new Error('the deployment row is missing: the database was not migrated');
  return row.id;
}
