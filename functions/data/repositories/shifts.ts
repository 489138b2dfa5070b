// Shifts: one item per company, local date and shift (morning, afternoon, night) holding the teams
// scheduled for it and each member's attendance. A day is one Query of at most three items.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Shift } from '#shared/rules';
import type { ShiftRecord } from '#shared/schemas';
import { ConflictError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, queryAll } from '../db';
import { keys } from '../keys';

export async function listShiftsOfDay(companyId: string, date: string): Promise<ShiftRecord[]> {
  return queryAll<ShiftRecord>({ partition: keys.companyPartition(companyId), beginsWith: keys.shiftDayPrefix(date) }, 10);
}

export async function getShift(companyId: string, date: string, shift: Shift): Promise<ShiftRecord | undefined> {
  return getItem<ShiftRecord>(keys.shift(companyId, date, shift));
}

async function update(input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'ReturnValues'>, onConditionFailed: () => Error): Promise<ShiftRecord> {
  try {
    const result = await db.send(new UpdateCommand({ TableName: tableName(), ReturnValues: 'ALL_NEW', ...input }));
    const { pk: _pk, sk: _sk, entity: _entity, ...record } = result.Attributes ?? {};
    return record as ShiftRecord;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw onConditionFailed();
    throw error;
  }
}

export interface ShiftAssignment {
  companyId: string;
  date: string;
  shift: Shift;
  teams: ShiftRecord['teams'];
  by: string;
  at: string;
}

/** Replaces the teams of a shift that has not been closed; attendance already recorded is kept. */
export async function saveShiftAssignment(input: ShiftAssignment): Promise<ShiftRecord> {
  return update(
    {
      Key: keys.shift(input.companyId, input.date, input.shift),
      UpdateExpression:
        'SET entity = :entity, companyId = :company, #date = :date, #shift = :shift, teams = :teams, memberIds = :members, ' +
        'attendance = if_not_exists(attendance, :empty), createdAt = if_not_exists(createdAt, :at), updatedAt = :at, updatedBy = :by',
      ConditionExpression: 'attribute_not_exists(endedAt)',
      ExpressionAttributeNames: { '#date': 'date', '#shift': 'shift' },
      ExpressionAttributeValues: {
        ':entity': 'shift',
        ':company': input.companyId,
        ':date': input.date,
        ':shift': input.shift,
        ':teams': input.teams,
        ':members': input.teams.flatMap((team) => team.memberIds),
        ':empty': {},
        ':at': input.at,
        ':by': input.by,
      },
    },
    () => new ConflictError('shift.closed'),
  );
}

/**
 * Iniciar Turno: records the start of each member (the first start counts; starting again changes
 * nothing) and the start of the shift itself. Only scheduled members of a shift that has not been
 * closed; the condition makes a concurrent reassignment or close fail rather than slip through.
 */
export async function checkIn(companyId: string, date: string, shift: Shift, memberIds: string[], by: string, at: string): Promise<ShiftRecord> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':at': at, ':by': by };
  const sets = ['startedAt = if_not_exists(startedAt, :at)', 'startedBy = if_not_exists(startedBy, :by)', 'updatedAt = :at', 'updatedBy = :by'];
  const conditions = ['attribute_exists(pk)', 'attribute_not_exists(endedAt)'];
  memberIds.forEach((memberId, i) => {
    names[`#m${i}`] = memberId;
    values[`:id${i}`] = memberId;
    values[`:rec${i}`] = { checkedInAt: at, checkedInBy: by };
    sets.push(`attendance.#m${i} = if_not_exists(attendance.#m${i}, :rec${i})`);
    conditions.push(`contains(memberIds, :id${i})`);
  });
  return update(
    {
      Key: keys.shift(companyId, date, shift),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    () => new ConflictError(),
  );
}

/** Encerrar Turno by a member: their own check-out, once, after their start. */
export async function checkOut(companyId: string, date: string, shift: Shift, memberId: string, at: string): Promise<ShiftRecord> {
  return update(
    {
      Key: keys.shift(companyId, date, shift),
      UpdateExpression: 'SET attendance.#m.checkedOutAt = :at, updatedAt = :at, updatedBy = :member',
      ConditionExpression: 'attribute_exists(attendance.#m) AND attribute_not_exists(attendance.#m.checkedOutAt) AND attribute_not_exists(endedAt)',
      ExpressionAttributeNames: { '#m': memberId },
      ExpressionAttributeValues: { ':at': at, ':member': memberId },
    },
    () => new ConflictError(),
  );
}

/** Encerrar Turno by a manager: closes a started shift for everyone. */
export async function closeShift(companyId: string, date: string, shift: Shift, by: string, at: string): Promise<ShiftRecord> {
  return update(
    {
      Key: keys.shift(companyId, date, shift),
      UpdateExpression: 'SET endedAt = :at, endedBy = :by, updatedAt = :at, updatedBy = :by',
      ConditionExpression: 'attribute_exists(startedAt) AND attribute_not_exists(endedAt)',
      ExpressionAttributeValues: { ':at': at, ':by': by },
    },
    () => new ConflictError('shift.closed'),
  );
}
