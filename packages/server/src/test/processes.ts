/**
 * Several server processes on one database, as behind a load balancer: each `start` builds one
 * more app on the group's database (opened on the first start), `stop` ends one as its process
 * exiting would, and `close` ends the rest, their sockets and the database. A test file opens
 * a group and closes it in `afterAll`.
 */
import type { Socket } from 'socket.io-client';
import { createTestServer, openTestDatabase, type TestDatabase, type TestServer, type TestServerOptions } from './harness.js';

export interface ProcessGroup {
  /** The group's database; opened by the first `start`. */
  readonly database: () => TestDatabase;
  /** Sockets opened by the test (pass to `connectedClient`); closed by `close`. */
  readonly sockets: Socket[];
  start(options?: Omit<TestServerOptions, 'database'>): Promise<TestServer>;
  stop(server: TestServer): Promise<void>;
  close(): Promise<void>;
}

export function processGroup(): ProcessGroup {
  let testDb: TestDatabase | undefined;
  const servers: TestServer[] = [];
  const sockets: Socket[] = [];
  return {
    database: () => {
      if (!testDb) throw new Error('processGroup: start a process first');
      return testDb;
    },
    sockets,
    async start(options = {}) {
      testDb ??= await openTestDatabase();
      const server = await createTestServer({ ...options, database: testDb.database });
      servers.push(server);
      return server;
    },
    async stop(server) {
      servers.splice(servers.indexOf(server), 1);
      await server.close();
    },
    async close() {
      for (const socket of sockets) socket.close();
      for (const server of servers.splice(0)) await server.close().catch(() => undefined);
      await testDb?.drop();
    },
  };
}
