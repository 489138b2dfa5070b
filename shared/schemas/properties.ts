// Properties: the record and the property form.
import * as z from 'zod/mini';
import { NOTIFICATION_LANGUAGES, PROPERTY_READINESS } from '../enums';
import { MAX_AMOUNT_CENTS } from '../money';
import { transformed, id, timestamp, requiredText, noHiddenCharacters, tidy } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const propertySchema = schema(() => z.object({
  id,
  name: z.string(),
  address: z.string(),
  companyId: id,
  /**
   * How to get in (issue 19): shown to the CEO and managers, and to a staff member only for a
   * property where they have an open task due by tomorrow (see shared/property-access.ts); every
   * other response to staff leaves them out.
   */
  accessNotes: z.nullish(z.string()),
  doorCode: z.nullish(z.string()),
  /** Who owns it (issue 21 point 4): gets the monthly owner report. CEO and managers only; never shown to staff. */
  owner: z.nullish(z.object({ name: z.string(), email: z.string(), language: z.enum(NOTIFICATION_LANGUAGES) })),
  /**
   * The property's iCal export URL for the channels (issue 39 point 5): the CEO and managers only
   * (null until the property has one: regenerating makes it); never sent to staff.
   */
  calendarExportUrl: z.nullish(z.string()),
  /**
   * Whether each completed cleaning needs an inspection (issue 40 point 2), and who inspects
   * (a member; absent: the managers get the inspection unassigned).
   */
  inspectionRequired: z.optional(z.boolean()),
  inspectorId: z.nullish(id),
  /**
   * One status per property (issue 40 point 3), computed on the server in the same transactions
   * that change its stays and tasks (functions/data/repositories/readiness.ts); absent reads as ready.
   */
  readiness: z.optional(z.enum(PROPERTY_READINESS)),
  /**
   * Issue 41 point 4: a maintenance task estimated above this (integer cents) waits for the owner's
   * approval (docs/owner-approvals.md); null or absent: never ask. CEO and managers only.
   */
  ownerApprovalLimit: z.nullish(z.int()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Property = z.infer<typeof propertySchema>;
export type PropertyOwner = NonNullable<Property['owner']>;

/** Integer cents, 0 to 99,999,999.99, or null (as tasks.ts centsField; not imported, so a property form does not build the task schemas). */
const approvalLimit = schema(() => {
  const error = 'property.approvalLimitInvalid';
  return z.nullable(z.int({ error }).check(z.minimum(0, { error }), z.maximum(MAX_AMOUNT_CENTS, { error })));
});

export const propertyBody = schema(() => z.object({
  name: requiredText('property.nameRequired'),
  address: requiredText('property.addressRequired', 500, 'many'),
  /** Access notes and door code: absent keeps the stored value, empty or null clears it. */
  accessNotes: z.optional(transformed(z.nullable(z.string({ error: 'validation.invalid' }).check(z.trim(), z.maxLength(2000, { error: 'validation.tooLong' }), noHiddenCharacters('many'))), (value) => value || null)),
  doorCode: z.optional(transformed(z.nullable(z.string({ error: 'validation.invalid' }).check(...tidy('one'), z.maxLength(40, { error: 'validation.tooLong' }), noHiddenCharacters('one'))), (value) => value || null)),
  /** Issue 40 point 2: absent keeps the stored value; inspectorId null (or empty) leaves inspections to the managers. */
  inspectionRequired: z.optional(z.boolean({ error: 'validation.invalid' })),
  inspectorId: z.optional(transformed(z.nullable(z.string({ error: 'validation.invalid' }).check(z.maxLength(64, { error: 'validation.invalid' }))), (value) => value || null)),
  /** Issue 41 point 4: integer cents; absent keeps the stored value, null means never ask the owner. */
  ownerApprovalLimit: z.optional(approvalLimit),
}));
export type PropertyBody = z.infer<typeof propertyBody>;

/**
 * PUT /api/properties/{id}: the same fields, each optional. A field not sent keeps its stored value
 * (`{ "inspectionRequired": true }` alone turns inspections on), one sent empty is refused as on
 * creation (a name or address cannot be cleared), null clears what may be cleared.
 */
export const propertyUpdateBody = schema(() => z.partial(propertyBody));
export type PropertyUpdateBody = z.infer<typeof propertyUpdateBody>;
