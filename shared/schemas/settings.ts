// A company's settings (PUT /api/companies/{id}/settings): stay hours, shift lateness, the turnover
// assignee, the task types' planned durations, the readiness alert and whether owners see guests' names.
import * as z from 'zod/mini';
import { id, hourOfDay } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** The most a shift start may be late and still count as present (team settings). */
export const MAX_SHIFT_LATE_AFTER_MINUTES = 120;

/** Bounds of a task type's planned duration in minutes (dispatch board, company settings). */
export const MIN_TASK_DURATION_MINUTES = 5;
export const MAX_TASK_DURATION_MINUTES = 24 * 60;
const taskDurationMinutes = schema(() => z.int({ error: 'settings.durationInvalid' }).check(
  z.minimum(MIN_TASK_DURATION_MINUTES, { error: 'settings.durationInvalid' }),
  z.maximum(MAX_TASK_DURATION_MINUTES, { error: 'settings.durationInvalid' }),
));

/**
 * PUT /api/companies/{id}/settings: the fields to change. Hours are local (company time zone).
 * Team settings: the minutes after a shift window opens within which a start counts as present, and
 * the member who gets every automatic turnover cleaning (null: unassigned).
 */
export const companySettingsBody = schema(() => z.object({
  autoTurnovers: z.optional(z.boolean({ error: 'validation.invalid' })),
  checkinHour: z.optional(hourOfDay),
  checkoutHour: z.optional(hourOfDay),
  shiftLateAfterMinutes: z.optional(
    z.int({ error: 'settings.lateAfterInvalid' }).check(
      z.minimum(0, { error: 'settings.lateAfterInvalid' }),
      z.maximum(MAX_SHIFT_LATE_AFTER_MINUTES, { error: 'settings.lateAfterInvalid' }),
    ),
  ),
  turnoverAssigneeId: z.optional(z.nullable(id)),
  /** Planned minutes per task type (dispatch board workload and warnings); all three when given. */
  taskDurations: z.optional(z.object({ cleaning: taskDurationMinutes, maintenance: taskDurationMinutes, laundry: taskDurationMinutes, inspection: z.optional(taskDurationMinutes) }, { error: 'settings.durationInvalid' })),
  /**
   * Issue 40 point 3: the managers are alerted when a property is not ready this many hours before
   * its next check-in (once per check-in; 1 to 24, default 3).
   */
  readinessAlertHours: z.optional(z.int({ error: 'settings.readinessHoursInvalid' }).check(
    z.minimum(1, { error: 'settings.readinessHoursInvalid' }),
    z.maximum(24, { error: 'settings.readinessHoursInvalid' }),
  )),
  /**
   * Issue 41 point 3: owners see their guests' names in the owner portal. The CEO's alone (403 for a
   * manager who sends it); kept on the company item, where the portal reads it.
   */
  ownersSeeGuestNames: z.optional(z.boolean({ error: 'validation.invalid' })),
}));
export type CompanySettingsBody = z.infer<typeof companySettingsBody>;
