import { useState } from 'react';
import { useRefreshTaskQueries } from '../api/refresh-task-queries';

/**
 * The photo URLs are presigned GETs valid for about 15 minutes, and the task queries do not go
 * stale by themselves. When an image fails to load (most likely its URL expired) it shows as broken
 * and the task queries are read again for fresh URLs — at most once a minute for the whole page,
 * however many fail.
 */
const REFRESH_AFTER_ERROR_MS = 60_000;
let lastRefreshAfterError = 0;

export function useBrokenPhotos(): { isBroken: (url: string) => boolean; onImageError: (url: string) => void } {
  const refreshTaskQueries = useRefreshTaskQueries();
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const onImageError = (url: string) => {
    setBroken((current) => new Set(current).add(url));
    if (Date.now() - lastRefreshAfterError < REFRESH_AFTER_ERROR_MS) return;
    lastRefreshAfterError = Date.now();
    void refreshTaskQueries();
  };
  return { isBroken: (url) => broken.has(url), onImageError };
}
