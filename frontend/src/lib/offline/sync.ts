// The sync engine: the member's queued actions go to the server one at a time, oldest first, each
// with its Idempotency-Key. It runs when an action is queued, when the page starts, when the browser
// says the signal is back, and on a back-off timer while something waits. Across tabs one runs at a
// time (Web Locks); the keys make a double send harmless anyway.
import { SendError, sendAction, type SendOutcome, type Transport } from './send';
import type { QueueStore } from './store';
import type { ActionPayload, QueuedAction } from './types';

/** Why the queue is not moving (undefined: it is, or nothing waits). */
export type SyncBlock = Extract<SendOutcome, 'offline' | 'retry' | 'signedOut'>;

export interface SyncSnapshot {
  userId: string | undefined;
  /** The member's actions still on the phone, oldest first (waiting, conflict, failed). */
  actions: QueuedAction[];
  /** How many actions wait to be sent. */
  waiting: number;
  /** Actions the server took since the member last queued one while nothing was waiting. */
  sent: number;
  syncing: boolean;
  blocked: SyncBlock | undefined;
  /** The queue has been read from storage for this member. */
  loaded: boolean;
}

export interface SyncEngineOptions {
  store: QueueStore;
  transport: Transport;
  /** Runs `task` while holding the cross-tab sync lock (default: just runs it). */
  withLock?: (task: () => Promise<void>) => Promise<void>;
  /** Timer for the back-off (tests pass their own). */
  setTimer?: (callback: () => void, ms: number) => () => void;
  /** Another tab changed the queue / tell the other tabs. */
  broadcast?: { post: () => void; listen: (callback: () => void) => () => void };
  newKey?: () => string;
  now?: () => Date;
}

/** Waits before each new attempt while the queue is blocked (no signal, a server hiccup). */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000] as const;

export interface SyncEngine {
  getSnapshot(): SyncSnapshot;
  subscribe(listener: () => void): () => void;
  /** Whose queue to show and send (undefined: signed out: nothing is sent). */
  setUser(userId: string | undefined): void;
  /** Keeps an action on the phone and starts sending. Resolves once it is stored. */
  enqueue(taskId: string, taskTitle: string, payload: ActionPayload): Promise<void>;
  /** Sends what waits now. */
  flush(): Promise<void>;
  /** Sends a kept (conflict/failed) action again, with a new key, optionally with a new payload. */
  retry(seq: number, payload?: ActionPayload): Promise<void>;
  /** The member lets a kept action go. */
  discard(seq: number): Promise<void>;
  /** Called with each action the server took. */
  onSent(listener: (action: QueuedAction) => void): () => void;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { store, transport } = options;
  const withLock = options.withLock ?? ((task) => task());
  const setTimer = options.setTimer ?? ((callback, ms) => {
    const id = setTimeout(callback, ms);
    return () => clearTimeout(id);
  });
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  const now = options.now ?? (() => new Date());

  let snapshot: SyncSnapshot = { userId: undefined, actions: [], waiting: 0, sent: 0, syncing: false, blocked: undefined, loaded: false };
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(action: QueuedAction) => void>();
  let running: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  let cancelTimer: (() => void) | undefined;
  let provisional = 0;

  const set = (next: Partial<SyncSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((listener) => listener());
  };

  async function reload(): Promise<void> {
    const userId = snapshot.userId;
    const actions = userId ? await store.list(userId) : [];
    if (userId !== snapshot.userId) return; // signed out / switched meanwhile
    set({ actions, waiting: actions.filter((action) => action.state === 'waiting').length, loaded: Boolean(userId) });
  }

  const changed = async () => {
    await reload();
    options.broadcast?.post();
  };
  options.broadcast?.listen(() => void reload());

  function schedule(): void {
    cancelTimer?.();
    const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)];
    failures += 1;
    cancelTimer = setTimer(() => {
      cancelTimer = undefined;
      void flush();
    }, delay);
  }

  /** One pass over the queue, oldest first. */
  async function pass(userId: string): Promise<void> {
    const actions = await store.list(userId);
    for (const action of actions) {
      if (action.state !== 'waiting' || userId !== snapshot.userId) continue;
      action.attempts += 1;
      try {
        await sendAction(transport, action, (progress) => store.put(progress));
        if (action.seq !== undefined) await store.remove(action.seq);
        failures = 0;
        set({ sent: snapshot.sent + 1, blocked: undefined });
        await changed();
        sentListeners.forEach((listener) => listener(action));
      } catch (error) {
        if (!(error instanceof SendError)) throw error;
        if (error.outcome === 'conflict' || error.outcome === 'failed') {
          // Kept, with the server's reason; the next actions still go (each is judged on its own).
          await store.put({ ...action, state: error.outcome, error: { status: error.status, message: error.message } });
          await changed();
          continue;
        }
        await store.put(action); // the attempt count
        set({ blocked: error.outcome });
        if (error.outcome !== 'signedOut') schedule();
        return;
      }
    }
    set({ blocked: undefined });
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const userId = snapshot.userId;
    if (!userId) return Promise.resolve();
    cancelTimer?.();
    cancelTimer = undefined;
    set({ syncing: true });
    running = (async () => {
      try {
        do {
          again = false;
          await withLock(() => pass(userId));
        } while (again && snapshot.userId === userId && !snapshot.blocked);
      } finally {
        running = undefined;
        set({ syncing: false });
        await reload().catch(() => undefined);
      }
    })();
    return running;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setUser(userId) {
      if (userId === snapshot.userId) return;
      cancelTimer?.();
      failures = 0;
      set({ userId, actions: [], waiting: 0, sent: 0, blocked: undefined, loaded: false });
      if (userId) void reload().then(() => flush());
    },
    async enqueue(taskId, taskTitle, payload) {
      const userId = snapshot.userId;
      if (!userId) throw new Error('Nobody is signed in');
      if (snapshot.waiting === 0) set({ sent: 0 });
      const action: QueuedAction = { userId, taskId, taskTitle, idempotencyKey: newKey(), createdAt: now().toISOString(), state: 'waiting', attempts: 0, payload };
      // Shown at once (a ticked box stays ticked), before storage answers; the stored copy replaces it.
      provisional += 1;
      set({ actions: [...snapshot.actions, { ...action, seq: -provisional }], waiting: snapshot.waiting + 1 });
      await store.add(action);
      await changed();
      failures = 0;
      void flush();
    },
    flush,
    async retry(seq, payload) {
      const action = snapshot.actions.find((candidate) => candidate.seq === seq);
      if (!action) return;
      if (snapshot.waiting === 0) set({ sent: 0 });
      let next = payload ?? action.payload;
      // Refused as invalid: the stored photo may be what was wrong, so it is uploaded afresh.
      if (action.state === 'failed' && next.kind === 'photo') next = { ...next, uploadedUrl: undefined };
      if (action.state === 'failed' && next.kind === 'problem') next = { ...next, uploadedUrls: [] };
      await store.put({ ...action, payload: next, state: 'waiting', error: undefined, idempotencyKey: newKey() });
      await changed();
      failures = 0;
      void flush();
    },
    async discard(seq) {
      await store.remove(seq);
      await changed();
    },
    onSent(listener) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
  };
}
