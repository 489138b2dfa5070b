// Shifts (Turnos de Hoje): a day's shift, its teams and attendance.
import * as z from 'zod/mini';
import { SHIFTS } from '../rules';
import { recordDate } from '../record-dates';
import { id, timestamp, requiredText } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const shiftParams = schema(() => z.object({
  date: recordDate(),
  shift: z.enum(SHIFTS, { error: 'shift.unknown' }),
}));
export type ShiftParams = z.infer<typeof shiftParams>;

/** GET /api/shifts?week=YYYY-MM-DD: the week (Monday start, company time zone) holding that date; absent: this week. */
export const shiftsQuery = schema(() => z.object({ week: z.optional(recordDate()) }));
export type ShiftsQuery = z.infer<typeof shiftsQuery>;

const memberIds = schema(() => z.array(id).check(z.maxLength(100)));

export const shiftAssignmentBody = schema(() => z
  .object({
    teams: z
      .array(
        z.object({
          name: requiredText('shift.teamNameRequired', 80),
          memberIds: memberIds.check(z.minLength(1, { error: 'shift.membersRequired' })),
        }),
        { error: 'shift.membersRequired' },
      )
      .check(z.maxLength(10, { error: 'shift.tooManyTeams' })),
  })
  .check(z.superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.teams.forEach((team, t) =>
      team.memberIds.forEach((memberId, m) => {
        if (seen.has(memberId)) ctx.addIssue({ code: 'custom', path: ['teams', t, 'memberIds', m], message: 'shift.duplicateMember' });
        seen.add(memberId);
      }),
    );
  })));
export type ShiftAssignmentBody = z.infer<typeof shiftAssignmentBody>;

/** Iniciar Turno: managers name the members who are there (all scheduled members when absent). */
export const shiftStartBody = schema(() => z.object({ memberIds: z.optional(memberIds) }));
export type ShiftStartBody = z.infer<typeof shiftStartBody>;

export const shiftTeamSchema = schema(() => z.object({ id, name: z.string(), memberIds: z.array(id) }));
export const shiftAttendanceSchema = schema(() => z.object({
  checkedInAt: timestamp,
  checkedInBy: id,
  checkedOutAt: z.nullish(timestamp),
}));
export const shiftRecordSchema = schema(() => z.object({
  companyId: id,
  date: z.string(),
  shift: z.enum(SHIFTS),
  teams: z.array(shiftTeamSchema),
  /** Every scheduled member of every team (for conditions on check-in). */
  memberIds: z.array(id),
  attendance: z.record(z.string(), shiftAttendanceSchema),
  startedAt: z.nullish(timestamp),
  startedBy: z.nullish(id),
  endedAt: z.nullish(timestamp),
  endedBy: z.nullish(id),
  createdAt: timestamp,
  updatedAt: timestamp,
  updatedBy: z.nullish(id),
}));
export type ShiftRecord = z.infer<typeof shiftRecordSchema>;
