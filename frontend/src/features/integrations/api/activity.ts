import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

export const ACTIVITY_KEY = '/api/integrations/activity';

/** One line of the company's integration history (functions/data/repositories/integration-audit.ts). */
export interface IntegrationActivity {
  id: string;
  at: string;
  /** api_key.created, api_key.revoked, webhook.created, webhook.updated, webhook.deleted, webhook.secret_rotated, webhook.disabled… */
  action: string;
  /** A member's id, or `system`. */
  actorUserId: string;
  subject: { kind: 'api_key' | 'webhook'; id: string; label: string };
  details?: Record<string, unknown>;
}

/** GET /api/integrations/activity (CEO): newest first. */
export function useIntegrationActivity() {
  const { data, error, isLoading } = useSWR<IntegrationActivity[], ApiError>(ACTIVITY_KEY);
  return { activity: Array.isArray(data) ? data : [], error, isLoading };
}
