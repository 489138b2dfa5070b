// The offline queue's engine against a small stand-in of the API that keeps Idempotency-Keys as the
// real one does (a replay answers the first response and applies nothing): order, lost answers,
// conflicts kept with their reason, photo uploads resumed without sending the bytes twice.
import { memoryStore } from './store';
import { createSyncEngine, type SyncEngine } from './sync';

interface Call {
  method: string;
  url: string;
  key?: string;
  /** The Action-Age header: seconds since the member did it, by the phone's clock. */
  age?: string;
  body?: unknown;
}

function fakeApi() {
  const state = { offline: false, loseNextAnswer: false, refuse: new Map<string, { status: number; message: string; code?: string }>() };
  const calls: Call[] = [];
  const applied: Call[] = [];
  const kept = new Map<string, string>();
  let uploads = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = { method: init?.method ?? 'GET', url, key: headers['Idempotency-Key'], age: headers['Action-Age'], body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    if (url.startsWith('https://s3.test/')) {
      uploads += 1;
      return new Response(null, { status: 200 });
    }
    if (url === '/api/objects/upload') return Response.json({ uploadURL: `https://s3.test/photos/${uploads + 1}.jpg?X-Amz-Signature=abc` });
    const refusal = [...state.refuse].find(([prefix]) => url.startsWith(prefix))?.[1];
    if (refusal) return Response.json({ message: refusal.message, ...(refusal.code ? { code: refusal.code } : {}) }, { status: refusal.status });
    let text = call.key ? kept.get(call.key) : undefined;
    if (text === undefined) {
      applied.push(call);
      text = JSON.stringify({ ok: true, n: applied.length });
      if (call.key) kept.set(call.key, text);
    }
    if (state.loseNextAnswer) {
      state.loseNextAnswer = false;
      throw new TypeError('The connection dropped before the answer');
    }
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { state, calls, applied, fetch, uploads: () => uploads };
}

function engineWith(api: ReturnType<typeof fakeApi>): { engine: SyncEngine; timers: Array<() => void> } {
  const timers: Array<() => void> = [];
  let n = 0;
  const engine = createSyncEngine({
    store: memoryStore(),
    transport: { fetch: api.fetch, language: () => 'en' },
    setTimer: (callback) => {
      timers.push(callback);
      return () => undefined;
    },
    newKey: () => `key-${String(++n).padStart(4, '0')}`,
  });
  engine.setUser('u1');
  return { engine, timers };
}

const body = { type: 'cleaning' as const, title: 'Turnover', description: null, propertyId: 'p1', assignedUserId: 'u1', status: 'pending' as const, dueDate: null };

async function settle(engine: SyncEngine): Promise<void> {
  for (let i = 0; i < 5; i++) await engine.flush();
}

describe('the offline queue', () => {
  it('keeps what is done without signal and sends it in order, each with its own key, once back', async () => {
    const api = fakeApi();
    const { engine, timers } = engineWith(api);
    await settle(engine);
    api.state.offline = true;
    await engine.enqueue('t1', 'Turnover', { kind: 'status', status: 'in_progress', body });
    await engine.enqueue('t1', 'Turnover', { kind: 'tick', itemId: 'i1', isCompleted: true });
    await engine.enqueue('t1', 'Turnover', { kind: 'status', status: 'completed', body: { ...body, status: 'in_progress' } });
    await settle(engine);
    expect(engine.getSnapshot()).toMatchObject({ waiting: 3, blocked: 'offline', sent: 0 });
    expect(timers.length).toBeGreaterThan(0);

    api.state.offline = false;
    await settle(engine);
    expect(engine.getSnapshot()).toMatchObject({ waiting: 0, sent: 3, blocked: undefined, actions: [] });
    expect(api.applied.map((call) => [call.method, call.url, (call.body as { status?: string }).status ?? (call.body as { isCompleted?: boolean }).isCompleted])).toEqual([
      ['PUT', '/api/tasks/t1', 'in_progress'],
      ['PUT', '/api/tasks/t1/checklist/items/i1', true],
      ['PUT', '/api/tasks/t1', 'completed'],
    ]);
    expect(new Set(api.applied.map((call) => call.key)).size).toBe(3);
  });

  it('sends the same key again when an answer was lost, so the server applies the action once', async () => {
    const api = fakeApi();
    const { engine } = engineWith(api);
    api.state.loseNextAnswer = true;
    await engine.enqueue('t1', 'Turnover', { kind: 'tick', itemId: 'i1', isCompleted: true });
    await engine.flush();
    expect(engine.getSnapshot()).toMatchObject({ waiting: 1, blocked: 'offline' });
    await settle(engine);
    expect(engine.getSnapshot().waiting).toBe(0);
    const ticks = api.calls.filter((call) => call.url.includes('/items/'));
    expect(ticks).toHaveLength(2);
    expect(ticks[0].key).toBe(ticks[1].key);
    expect(api.applied).toHaveLength(1);
  });

  it('keeps an action the office made impossible, with the reason, and still sends the ones after it', async () => {
    const api = fakeApi();
    const { engine } = engineWith(api);
    api.state.offline = true;
    await engine.enqueue('gone', 'Window cleaning', { kind: 'status', status: 'in_progress', body });
    await engine.enqueue('t2', 'Turnover', { kind: 'tick', itemId: 'i1', isCompleted: true });
    api.state.refuse.set('/api/tasks/gone', { status: 409, message: 'task.cancelled' });
    api.state.offline = false;
    await settle(engine);
    const { actions, waiting, sent } = engine.getSnapshot();
    expect({ waiting, sent }).toEqual({ waiting: 0, sent: 1 });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ taskId: 'gone', state: 'conflict', error: { status: 409, message: 'task.cancelled' } });

    // Tried again once the office undid it: a new key, sent, gone from the phone.
    api.state.refuse.clear();
    await engine.retry(actions[0].seq!);
    await settle(engine);
    expect(engine.getSnapshot().actions).toEqual([]);
    expect(api.applied.at(-1)).toMatchObject({ url: '/api/tasks/gone' });
    expect(api.applied.at(-1)!.key).not.toBe(actions[0].idempotencyKey);
  });

  it('waits for a new sign-in on 401 and for the server on 503, without losing anything', async () => {
    const api = fakeApi();
    const { engine } = engineWith(api);
    api.state.refuse.set('/api/tasks/t1', { status: 401, message: 'Unauthorized' });
    await engine.enqueue('t1', 'Turnover', { kind: 'tick', itemId: 'i1', isCompleted: false });
    await settle(engine);
    expect(engine.getSnapshot()).toMatchObject({ waiting: 1, blocked: 'signedOut' });
    api.state.refuse.set('/api/tasks/t1', { status: 503, message: 'Service Unavailable' });
    await settle(engine);
    expect(engine.getSnapshot()).toMatchObject({ waiting: 1, blocked: 'retry' });
    api.state.refuse.clear();
    await settle(engine);
    expect(engine.getSnapshot()).toMatchObject({ waiting: 0, blocked: undefined });
  });

  it('sends again, and shows no conflict, while the first send of the same action is still running on the server', async () => {
    const api = fakeApi();
    const { engine } = engineWith(api);
    // The server's 409 for a key still in use: a translated message (never compared) and its code.
    api.state.refuse.set('/api/tasks/t1', { status: 409, message: 'Esta alteração ainda está sendo salva', code: 'idempotency_in_progress' });
    await engine.enqueue('t1', 'Turnover', { kind: 'status', status: 'completed', body });
    await settle(engine);
    expect(engine.getSnapshot()).toMatchObject({ waiting: 1, blocked: 'retry' });
    expect(engine.getSnapshot().actions[0].state).not.toBe('conflict');
    api.state.refuse.clear();
    await settle(engine);
    expect(engine.getSnapshot()).toMatchObject({ waiting: 0, actions: [] });
  });

  it('tells the server how long ago a start, a completion or a tick was done on the phone', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      jest.setSystemTime(new Date('2026-03-14T15:00:00Z'));
      const api = fakeApi();
      const { engine } = engineWith(api);
      api.state.offline = true;
      await engine.enqueue('t1', 'Turnover', { kind: 'tick', itemId: 'i1', isCompleted: true });
      await engine.enqueue('t1', 'Turnover', { kind: 'status', status: 'completed', body });
      // Two hours without signal.
      jest.setSystemTime(new Date('2026-03-14T17:00:05Z'));
      api.state.offline = false;
      await settle(engine);
      expect(api.applied.map((call) => call.age)).toEqual(['7205', '7205']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('uploads a photo once and records it once, even when recording was interrupted', async () => {
    const api = fakeApi();
    const { engine } = engineWith(api);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    api.state.refuse.set('/api/tasks/t1/checklist', { status: 503, message: 'busy' });
    await engine.enqueue('t1', 'Turnover', { kind: 'photo', photo, contentType: 'image/jpeg', itemId: 'i1', photoKind: 'before' });
    await settle(engine);
    expect(api.uploads()).toBe(1);
    expect(engine.getSnapshot().actions[0].payload).toMatchObject({ uploadedUrl: 'https://s3.test/photos/1.jpg' });
    api.state.refuse.clear();
    await settle(engine);
    expect(api.uploads()).toBe(1);
    expect(api.applied).toEqual([
      expect.objectContaining({ url: '/api/tasks/t1/checklist/items/i1/photo', body: { kind: 'before', photoURL: 'https://s3.test/photos/1.jpg' } }),
    ]);
  });

  it('sends a problem with its photos as keys of the uploaded objects', async () => {
    const api = fakeApi();
    const { engine } = engineWith(api);
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await engine.enqueue('t1', 'Turnover', { kind: 'problem', description: 'Boiler leaks', urgency: 'high', photos: [{ photo, contentType: 'image/png' }, { photo, contentType: 'image/png' }], uploadedUrls: [] });
    await settle(engine);
    expect(api.applied).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/tasks/t1/problems', body: { description: 'Boiler leaks', urgency: 'high', photoKeys: ['https://s3.test/photos/1.jpg', 'https://s3.test/photos/2.jpg'] } }),
    ]);
  });
});
