import { useSyncExternalStore } from 'react';
import { offlineCopyOf, subscribeOfflineCopies } from '../../../lib/offline/copies';

/**
 * Whether the last answer to `url` was the phone's copy (the service worker's, when the network
 * failed or was too slow): the copy's time (ISO, '' when unknown), else undefined.
 */
export function useOfflineCopy(url: string): string | undefined {
  return useSyncExternalStore(subscribeOfflineCopies, () => offlineCopyOf(url), () => undefined);
}
