// The queue's storage: IndexedDB (through `idb`) in the browser, one record per action with its
// photos as blobs, keyed by an auto-increment sequence so the order of the member's actions holds.
// The sync engine takes the QueueStore interface, so it is tested in node with the memory store.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedAction } from './types';

export interface QueueStore {
  /** Every action of `userId`, oldest first. */
  list(userId: string): Promise<QueuedAction[]>;
  /** Adds an action at the end; resolves with its sequence number. */
  add(action: QueuedAction): Promise<number>;
  /** Replaces a stored action (same seq). */
  put(action: QueuedAction): Promise<void>;
  remove(seq: number): Promise<void>;
}

const DB_NAME = 'rentalops-offline';
const STORE = 'actions';

interface OfflineSchema extends DBSchema {
  actions: { key: number; value: QueuedAction; indexes: { byUser: string } };
}

let database: Promise<IDBPDatabase<OfflineSchema>> | undefined;

function db(): Promise<IDBPDatabase<OfflineSchema>> {
  database ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(upgrade) {
      const store = upgrade.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      store.createIndex('byUser', 'userId');
    },
    // Another tab opened a newer version: let it upgrade, reopen next time.
    blocking() {
      void database?.then((open) => open.close());
      database = undefined;
    },
  });
  return database;
}

export const indexedDbStore: QueueStore = {
  async list(userId) {
    const actions = await (await db()).getAllFromIndex(STORE, 'byUser', userId);
    return actions.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  },
  async add(action) {
    const { seq: _seq, ...rest } = action;
    return (await db()).add(STORE, rest as QueuedAction);
  },
  async put(action) {
    await (await db()).put(STORE, action);
  },
  async remove(seq) {
    await (await db()).delete(STORE, seq);
  },
};

/** The same in memory (tests; a browser without IndexedDB keeps the queue for the page's life). */
export function memoryStore(): QueueStore {
  const rows = new Map<number, QueuedAction>();
  let next = 1;
  return {
    async list(userId) {
      return [...rows.values()].filter((row) => row.userId === userId).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map((row) => ({ ...row }));
    },
    async add(action) {
      const seq = next++;
      rows.set(seq, { ...action, seq });
      return seq;
    },
    async put(action) {
      if (action.seq !== undefined) rows.set(action.seq, { ...action });
    },
    async remove(seq) {
      rows.delete(seq);
    },
  };
}
