import { useEffect, useRef, useState } from 'react';
import type { CalendarFeed, SyncResponse } from '../api/types';

/** How often the feeds are read while an import started by "Sync now" goes on. */
export const FOLLOW_INTERVAL_MS = 2_000;

/**
 * "Sync now" answers at once (202) when an import takes longer: the feeds still importing are
 * followed (read every few seconds, each showing its progress) until each has synced again, and
 * `onDone` runs once then (the calendar, lists and tasks are read again).
 */
export function useFollowSync(feeds: CalendarFeed[], onDone: () => void) {
  // Each followed feed and its lastSyncAt when the sync was queued: done once it changed and the feed is not syncing.
  const [followed, setFollowed] = useState<Map<string, string | null>>(new Map());
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!followed.size) return;
    const finished = [...followed].every(([id, before]) => {
      const feed = feeds.find((candidate) => candidate.id === id);
      return !feed || (!feed.syncing && feed.lastSyncAt !== before);
    });
    if (finished) {
      setFollowed(new Map());
      done.current();
    }
  }, [feeds, followed]);

  const follow = (response: SyncResponse) => {
    const queued = response.results.filter((result) => result.outcome === 'queued').map((result) => result.feedId);
    const before = new Map(feeds.map((feed) => [feed.id, feed.lastSyncAt]));
    setFollowed(new Map(queued.map((id) => [id, before.get(id) ?? null])));
    return queued.length;
  };
  return { following: followed.size > 0, follow, refreshInterval: followed.size > 0 || feeds.some((feed) => feed.syncing) ? FOLLOW_INTERVAL_MS : 0 };
}
