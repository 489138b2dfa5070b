// The offline-copy marks (lib/offline/copies.ts): what the service worker answered from its cache,
// noted per read, cleared by the server's next answer, announced only when it changes.
import { noteAnswer, OFFLINE_COPY_HEADER, offlineCopyOf, subscribeOfflineCopies } from './copies';

const headers = (values: Record<string, string>) => new Headers(values);

describe('offline copies', () => {
  it('notes a copy with its time, clears it on the server answer, and tells listeners only of changes', () => {
    const url = '/api/me/tasks?days=7';
    let calls = 0;
    const stop = subscribeOfflineCopies(() => calls++);

    noteAnswer(url, headers({ 'content-type': 'application/json' }));
    expect(offlineCopyOf(url)).toBeUndefined();
    expect(calls).toBe(0);

    noteAnswer(url, headers({ [OFFLINE_COPY_HEADER]: 'Fri, 27 Nov 2026 07:40:12 GMT' }));
    expect(offlineCopyOf(url)).toBe('2026-11-27T07:40:12.000Z');
    noteAnswer(url, headers({ [OFFLINE_COPY_HEADER]: 'Fri, 27 Nov 2026 07:40:12 GMT' }));
    expect(calls).toBe(1);
    // Another read's answer leaves this one's mark alone.
    noteAnswer('/api/companies', headers({}));
    expect(offlineCopyOf(url)).toBeDefined();

    noteAnswer(url, headers({}));
    expect(offlineCopyOf(url)).toBeUndefined();
    expect(calls).toBe(2);
    stop();
  });

  it('keeps a copy whose time is unknown (no Date on the kept answer) as a copy without a time', () => {
    noteAnswer('/api/auth/user', headers({ [OFFLINE_COPY_HEADER]: '' }));
    expect(offlineCopyOf('/api/auth/user')).toBe('');
    noteAnswer('/api/auth/user', headers({ [OFFLINE_COPY_HEADER]: 'not a date' }));
    expect(offlineCopyOf('/api/auth/user')).toBe('');
  });
});
