// The owner portal's reads and writes (issue 41 points 3 and 4): the owner's own properties only;
// the server answers 404 for any other id.
import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { apiDownload, apiRequest, type ApiError } from '../../../lib/api-client';
import type { OwnerApproval, OwnerCalendar, OwnerOverview, OwnerStatement, OwnerStayRequest, OwnerWorkPage } from './types';

export const OWNER_OVERVIEW_KEY = '/api/owner/overview';
export const OWNER_STATEMENTS_KEY = '/api/owner/statements';
export const OWNER_APPROVALS_KEY = '/api/owner/approvals';
export const OWNER_STAY_REQUESTS_KEY = '/api/owner/stay-requests';

const propertyPath = (id: string) => `/api/owner/properties/${encodeURIComponent(id)}`;

export function ownerCalendarKey(propertyId: string, from: string, to: string): string {
  return `${propertyPath(propertyId)}/calendar?from=${from}&to=${to}`;
}

interface Read<T> {
  data: T | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
}

function useRead<T>(key: string | null): Read<T> {
  const { data, error, isLoading } = useSWR<T, ApiError>(key);
  return { data, error, isLoading };
}

export const useOwnerOverview = () => useRead<OwnerOverview>(OWNER_OVERVIEW_KEY);
export const useOwnerCalendar = (propertyId: string | undefined, from: string, to: string) =>
  useRead<OwnerCalendar>(propertyId ? ownerCalendarKey(propertyId, from, to) : null);

export function useOwnerStatements() {
  const read = useRead<{ items: OwnerStatement[] }>(OWNER_STATEMENTS_KEY);
  return { ...read, items: read.data?.items ?? [] };
}

export function useOwnerApprovals() {
  const read = useRead<{ items: OwnerApproval[] }>(OWNER_APPROVALS_KEY);
  return { ...read, items: read.data?.items ?? [] };
}

export function useOwnerStayRequests() {
  const read = useRead<{ items: OwnerStayRequest[] }>(OWNER_STAY_REQUESTS_KEY);
  return { ...read, items: read.data?.items ?? [] };
}

const WORK_PAGE = 12;

/** The work done at a property, newest first, a page at a time (the cursor travels in the body). */
export function useOwnerWork(propertyId: string | undefined) {
  const { data, error, isLoading, size, setSize } = useSWRInfinite<OwnerWorkPage, ApiError>(
    (index: number, previous: OwnerWorkPage | null) => {
      if (!propertyId) return null;
      if (index === 0) return `${propertyPath(propertyId)}/work?limit=${WORK_PAGE}`;
      return previous?.nextCursor ? `${propertyPath(propertyId)}/work?limit=${WORK_PAGE}&cursor=${encodeURIComponent(previous.nextCursor)}` : null;
    },
    { revalidateFirstPage: false },
  );
  const pages = data ?? [];
  return {
    items: pages.flatMap((page) => page.items),
    error,
    isLoading,
    hasMore: Boolean(pages[pages.length - 1]?.nextCursor),
    isLoadingMore: size > pages.length && !error && !isLoading,
    loadMore: () => void setSize(size + 1),
  };
}

/** After a stay request or an approval: the counts, the lists and any calendar shown. */
async function refreshPortal(): Promise<void> {
  await mutate((key) => typeof key === 'string' && key.startsWith('/api/owner/'));
}

/** POST /api/owner/stay-requests: 409 in words when the nights are taken. */
export async function requestOwnerStay(body: { propertyId: string; checkinDate: string; checkoutDate: string; note?: string | null }): Promise<OwnerStayRequest> {
  const created = await apiRequest<OwnerStayRequest>('POST', OWNER_STAY_REQUESTS_KEY, body);
  await refreshPortal();
  return created;
}

/** DELETE /api/owner/stay-requests/{id}: a pending request only. */
export async function cancelOwnerStay(requestId: string): Promise<void> {
  try {
    await apiRequest('DELETE', `${OWNER_STAY_REQUESTS_KEY}/${encodeURIComponent(requestId)}`);
  } finally {
    await refreshPortal();
  }
}

/** POST /api/owner/approvals/{taskId}: approve or decline a repair; 409 once decided. */
export async function decideApproval(taskId: string, approved: boolean, note: string | null): Promise<void> {
  try {
    await apiRequest('POST', `${OWNER_APPROVALS_KEY}/${encodeURIComponent(taskId)}`, { approved, ...(note ? { note } : {}) });
  } finally {
    await refreshPortal();
  }
}

/** The month's statement of one property, as the PDF the company sends owners. */
export function downloadStatement(propertyId: string, month: string): Promise<string> {
  return apiDownload(`/api/properties/${encodeURIComponent(propertyId)}/owner-report?month=${encodeURIComponent(month)}`, `owner-report-${month}.pdf`);
}
