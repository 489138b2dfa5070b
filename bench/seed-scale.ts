// Bulk data for the scale benchmark: a company with N tasks (and matching properties, reservations,
// invoices), written with BatchWriteItem straight into the table with the same keys and counters
// the repositories produce, so reads see exactly what production writes would leave.
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { TASK_STATUSES, TASK_TYPES } from '../shared/enums';
import { db, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { emptyStatsItem, statusCounter, typeCounter } from '../functions/data/repositories/stats';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { emailClaimItem, userItem } from '../functions/data/repositories/users';
import type { User } from '../shared/schemas';

export interface ScaleCompany {
  companyId: string;
  ceo: User;
  tasks: number;
}

export async function writeAll(items: Record<string, unknown>[], concurrency = 8): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++].map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export async function seedScaleCompany(name: string, sizes: { tasks: number; properties: number; members: number }): Promise<ScaleCompany> {
  const { company, user: ceo } = await createCompanyWithOwner({
    company: { name, plan: 'enterprise' },
    owner: { email: `ceo.${name.toLowerCase().replace(/\W+/g, '-')}.${Date.now()}@bench.rentalops.test`, firstName: 'Bench', lastName: 'CEO' },
  });
  const cid = company.id;
  const now = Date.now();
  const created = new Date(now).toISOString();
  const items: Record<string, unknown>[] = [];
  const members: User[] = [];
  for (let i = 0; i < sizes.members; i++) {
    const member: User = { id: crypto.randomUUID(), email: `m${i}.${cid}@bench.rentalops.test`.toLowerCase(), firstName: `Member`, lastName: `${i}`, role: 'staff', companyId: cid, authProvider: 'cognito', completedTasks: 0, createdAt: created, updatedAt: created };
    members.push(member);
  }
  const propertyIds: string[] = [];
  for (let i = 0; i < sizes.properties; i++) {
    const id = ulid(now - (sizes.properties - i) * 1000);
    propertyIds.push(id);
    items.push({ ...keys.property(cid, id), entity: 'property', id, name: `Property ${i}`, address: `Street ${i}`, companyId: cid, createdAt: created, updatedAt: created });
  }
  const stats = emptyStatsItem(cid) as Record<string, number | string>;
  stats.propertyCount = sizes.properties;
  stats.userCount = sizes.members + 1;
  for (let i = 0; i < sizes.tasks; i++) {
    const id = ulid(now - (sizes.tasks - i) * 10);
    const type = TASK_TYPES[i % 3];
    const status = TASK_STATUSES[i % 4];
    const assignee = members[i % members.length];
    const task = { id, type, status, title: `Task ${i}`, description: null, propertyId: propertyIds[i % propertyIds.length], reservationId: null, assignedUserId: assignee.id, dueDate: null, completedAt: status === 'completed' ? created : null, createdAt: created, updatedAt: created };
    items.push({ ...keys.task(cid, id), ...keys.taskIndexes(cid, task), entity: 'task', ...task });
    stats.taskCount = Number(stats.taskCount) + 1;
    stats[statusCounter(status)] = Number(stats[statusCounter(status)]) + 1;
    stats[typeCounter(type)] = Number(stats[typeCounter(type)]) + 1;
    if (status === 'completed') {
      stats.completedOnTime = Number(stats.completedOnTime) + 1;
      assignee.completedTasks = (assignee.completedTasks ?? 0) + 1;
    }
  }
  const reservations = Math.max(12, Math.round(sizes.tasks / 20));
  for (let i = 0; i < reservations; i++) {
    const id = ulid();
    const checkinDate = new Date(now + (i - reservations / 2) * 3_600_000).toISOString();
    const r = { id, propertyId: propertyIds[i % propertyIds.length], guestName: `Guest ${i}`, checkinDate, checkoutDate: checkinDate, integrationSource: null, createdAt: created, updatedAt: created };
    items.push({ ...keys.reservation(cid, id), ...keys.reservationIndexes(cid, r), entity: 'reservation', ...r });
  }
  const invoices = Math.max(4, Math.round(sizes.tasks / 50));
  for (let i = 0; i < invoices; i++) {
    const id = ulid();
    items.push({ ...keys.invoice(cid, id), entity: 'invoice', id, companyId: cid, amount: '100.00', amountCents: 10000, dueDate: created.slice(0, 10), status: 'pending', createdAt: created, updatedAt: created });
  }
  for (const member of members) items.push(emailClaimItem(member), userItem(member));
  await writeAll(items);
  await db.send(new PutCommand({ TableName: tableName(), Item: stats }));
  return { companyId: cid, ceo, tasks: sizes.tasks };
}
