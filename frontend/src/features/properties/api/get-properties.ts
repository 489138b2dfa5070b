import { mutate } from 'swr';
import type { Property } from '#shared/schemas';
import { cursorListKey, useCursorList, type CursorList } from './cursor-pages';

export const PROPERTIES_PATH = '/api/properties';
/** A multiple of the grid's 1, 2 and 3 columns; the largest plan limit (25) fits in two pages. */
export const PROPERTIES_PAGE_SIZE = 24;

/** GET /api/properties?limit=&cursor=, oldest first, a page at a time. */
export function useProperties(): CursorList<Property> {
  return useCursorList<Property>(PROPERTIES_PATH, PROPERTIES_PAGE_SIZE);
}

/** Re-read the loaded pages of the property list (after a create or an edit). */
export function refreshProperties(): Promise<unknown> {
  return mutate(cursorListKey(PROPERTIES_PATH, PROPERTIES_PAGE_SIZE));
}
