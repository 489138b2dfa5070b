import { LOCAL_WEBHOOK_INSPECTOR_PATH, localWebhookInspectorUrl } from '#shared/schemas';

/**
 * On this machine's `npm start` (the site on localhost): the local webhook inspector's receiving URL
 * and its page (local/webhook-inspector.ts), so a webhook can be tried with nothing else running.
 * Nowhere else: the AWS stages have no /dev pages and refuse loopback targets.
 */
export function localInspector(location: Pick<Location, 'hostname' | 'origin'> = window.location): { receiveUrl: string; pageUrl: string } | undefined {
  if (location.hostname !== 'localhost' && location.hostname !== '127.0.0.1') return undefined;
  return { receiveUrl: localWebhookInspectorUrl(location.origin), pageUrl: LOCAL_WEBHOOK_INSPECTOR_PATH };
}
