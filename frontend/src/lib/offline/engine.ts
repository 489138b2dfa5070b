// The app's one sync engine: the IndexedDB queue, the browser's fetch, Web Locks across tabs, a
// BroadcastChannel so every tab shows the same queue, and the "signal is back" event.
import { useEffect, useSyncExternalStore } from 'react';
import { currentLanguage } from '../i18n';
import { indexedDbStore, memoryStore } from './store';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions, type SyncSnapshot } from './sync';
import type { QueuedAction } from './types';

const LOCK_NAME = 'rentalops-offline-sync';
const CHANNEL_NAME = 'rentalops-offline';

let engine: SyncEngine | undefined;

function channel(): SyncEngineOptions['broadcast'] {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const sender = new BroadcastChannel(CHANNEL_NAME);
  return {
    post: () => sender.postMessage('changed'),
    listen(callback) {
      const receiver = new BroadcastChannel(CHANNEL_NAME);
      receiver.onmessage = () => callback();
      return () => receiver.close();
    },
  };
}

/** The engine (created on first use, so pages that never queue anything do not open IndexedDB). */
export function offlineEngine(): SyncEngine {
  if (engine) return engine;
  const store = typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  engine = createSyncEngine({
    store,
    transport: { fetch: (input, init) => fetch(input, init), language: currentLanguage },
    withLock: locks ? async (task) => {
      await locks.request(LOCK_NAME, () => task());
    } : undefined,
    broadcast: channel(),
  });
  const created = engine;
  window.addEventListener('online', () => void created.flush());
  // Back on the page after a while (the phone was in a pocket): try what waits.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void created.flush();
  });
  return created;
}

/** The signed-in member's queue, kept in step with the engine. */
export function useOfflineQueue(userId: string | undefined): SyncSnapshot {
  const current = offlineEngine();
  useEffect(() => current.setUser(userId), [current, userId]);
  return useSyncExternalStore(current.subscribe, current.getSnapshot);
}

/** Calls `listener` with every action the server took (e.g. to read the day again). */
export function useOnSent(listener: (action: QueuedAction) => void): void {
  useEffect(() => offlineEngine().onSent(listener), [listener]);
}
