// Checklists: a task's checklist and its items, a property's checklist template, item photos.
import * as z from 'zod/mini';
import { TASK_STATUSES } from '../enums';
import { id, timestamp, requiredText, photoUrl } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const checklistSchema = schema(() => z.object({
  id,
  taskId: id,
  status: z._default(z.enum(TASK_STATUSES), 'pending'),
  notes: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Checklist = z.infer<typeof checklistSchema>;

export const checklistItemSchema = schema(() => z.object({
  id,
  checklistId: id,
  description: z.string(),
  isCompleted: z._default(z.boolean(), false),
  photoBeforeUrl: z.nullish(z.string()),
  photoAfterUrl: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const MAX_CHECKLIST_ITEMS = 50;

const checklistItemInput = schema(() => z.object({
  /** Keep an item's id when editing a template; new items get one. */
  id: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.invalid' }))),
  description: requiredText('checklist.descriptionRequired', 300),
  required: z._default(z.boolean({ error: 'validation.invalid' }), false),
}));
const checklistItems = schema(() => z
  .array(checklistItemInput, { error: 'validation.invalid' })
  .check(
    z.maxLength(MAX_CHECKLIST_ITEMS, { error: 'checklist.tooManyItems' }),
    z.superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (item.id && seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'validation.invalid' });
        if (item.id) seen.add(item.id);
      });
    }),
  ));

/** PUT /api/properties/{id}/checklist-template: the whole list, in order. */
export const checklistTemplateBody = schema(() => z.object({ items: checklistItems }));
export type ChecklistTemplateBody = z.infer<typeof checklistTemplateBody>;

/** POST /api/tasks/{id}/checklist: the property's template, or the items given; `replace` swaps an existing one. */
export const attachChecklistBody = schema(() => z.object({
  items: z.optional(checklistItems),
  replace: z._default(z.boolean({ error: 'validation.invalid' }), false),
}));
export type AttachChecklistBody = z.infer<typeof attachChecklistBody>;

export const checklistItemBody = schema(() => z.object({ isCompleted: z.boolean({ error: 'validation.required' }) }));
export type ChecklistItemBody = z.infer<typeof checklistItemBody>;

export const CHECKLIST_PHOTO_KINDS = ['before', 'after'] as const;
export const checklistPhotoBody = schema(() => z.object({
  kind: z.enum(CHECKLIST_PHOTO_KINDS, { error: 'checklist.photoKindRequired' }),
  photoURL: photoUrl,
  /**
   * The key of the photo the screen showed in that slot (null: none). When given and someone else
   * changed the slot meanwhile, the answer is 409 with the item as it is now; absent: the new photo wins.
   */
  replaces: z.nullish(z.string().check(z.maxLength(1024))),
}));
export type ChecklistPhotoBody = z.infer<typeof checklistPhotoBody>;
