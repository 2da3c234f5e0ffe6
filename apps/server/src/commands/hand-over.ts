import {
  HANDOVER_GROUP_OF,
  parseHandoverKey,
  routePath,
  translate,
  type AuditEvent,
  type HandOverRequest,
  type HandoverGroup,
  type MessageKey,
} from '@nubes/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import {
  changeRequests,
  contactRelations,
  contacts,
  resourcePackages,
  serviceAdmins,
  services,
  users,
  vos,
} from '../db/schema.js';
import { conflict, invalidInput, notFound } from '../http/http-error.js';
import { reachableUsers, mailsTo } from '../mail/service-mails.js';
import { ROLE_COLUMNS } from '../model/service.js';
import type { OutboxMessage } from '../model/outbox-message.js';
import { contactOfUserSql, listHandoverItems, type HeldItem } from '../queries/handover.js';
import { PORTFOLIO_CHANGED } from '../writes/after-commit.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

type Receivers = Partial<Record<HandoverGroup, string>>;

const refuse = (group: HandoverGroup, key: MessageKey) => invalidInput(key, { [`receivers.${group}`]: key });

/** 400 unless every group of the picked items has a receiver who exists, is not gone and is not the person. */
const checkReceivers = async (tx: Tx, personId: string, groups: readonly HandoverGroup[], receivers: Receivers) => {
  for (const group of groups) if (!receivers[group]) throw refuse(group, 'handover.receiverRequired');
  const ids = [...new Set(groups.map((group) => receivers[group]!))];
  const rows = await tx.select({ id: users.id, goneAt: users.goneAt }).from(users).where(inArray(users.id, ids));
  for (const group of groups) {
    const id = receivers[group]!;
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw refuse(group, 'handover.unknownReceiver');
    if (id === personId) throw refuse(group, 'handover.receiverSelf');
    if (row.goneAt) throw refuse(group, 'handover.receiverGone');
  }
};

/** Whether the person is on the provider side of the service: one of its roles, or an admin. */
const onProviderSide = async (tx: Tx, serviceId: string, userId: string) => {
  const [row] = await tx
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        eq(services.id, serviceId),
        sql`(${userId} in (${services.objectOwnerId}, ${services.serviceOwnerId}, ${services.serviceManagerId}, ${services.providerManagerId})
          or exists (select 1 from ${serviceAdmins} where ${serviceAdmins.serviceId} = ${services.id} and ${serviceAdmins.userId} = ${userId}))`,
      ),
    );
  return !!row;
};

/** Locks the rows the picked items live in, so what is read next stays until the commit. */
const lockRows = async (tx: Tx, picked: readonly { kind: string; id: string }[]) => {
  const of = (kinds: readonly string[]) => picked.filter((p) => kinds.includes(p.kind)).map((p) => p.id);
  const serviceIds = of(['serviceOwner', 'objectOwner', 'serviceManager', 'providerManager', 'serviceAdmin']);
  if (serviceIds.length)
    await tx.select({ id: services.id }).from(services).where(inArray(services.id, serviceIds)).for('update');
  const requestIds = of(['changeRequest']);
  if (requestIds.length)
    await tx
      .select({ id: changeRequests.id })
      .from(changeRequests)
      .where(inArray(changeRequests.id, requestIds))
      .for('update');
  const packageIds = of(['resourcePackage']);
  if (packageIds.length)
    await tx
      .select({ id: resourcePackages.id })
      .from(resourcePackages)
      .where(inArray(resourcePackages.id, packageIds))
      .for('update');
  const voIds = of(['voApplicant', 'voDeputy']);
  if (voIds.length) await tx.select({ id: vos.id }).from(vos).where(inArray(vos.id, voIds)).for('update');
  const relationIds = of(['contactRelation']);
  if (relationIds.length)
    await tx
      .select({ id: contactRelations.id })
      .from(contactRelations)
      .where(inArray(contactRelations.id, relationIds))
      .for('update');
};

/** The service roles and administration of one service, handed to its receiver. */
const handOverService = async (tx: Tx, personId: string, receiverId: string, serviceId: string, items: HeldItem[]) => {
  const events: AuditEvent[] = [];
  const [row] = await tx.select().from(services).where(eq(services.id, serviceId));
  const roles = items.filter((i) => i.kind !== 'serviceAdmin').map((i) => i.kind as keyof typeof ROLE_COLUMNS);
  const set: Record<string, string> = {};
  const before: Record<string, string | null> = {};
  const after: Record<string, string | null> = {};
  for (const role of roles) {
    set[ROLE_COLUMNS[role]] = receiverId;
    before[role] = personId;
    after[role] = receiverId;
  }
  if (roles.length)
    events.push({ objectType: 'service', objectId: serviceId, action: 'service.roles.updated', before, after });
  if (items.some((i) => i.kind === 'serviceAdmin')) {
    const admins = await tx
      .select({ userId: serviceAdmins.userId })
      .from(serviceAdmins)
      .where(eq(serviceAdmins.serviceId, serviceId));
    const was = admins.map((a) => a.userId).sort();
    await tx
      .delete(serviceAdmins)
      .where(and(eq(serviceAdmins.serviceId, serviceId), eq(serviceAdmins.userId, personId)));
    await tx.insert(serviceAdmins).values({ serviceId, userId: receiverId }).onConflictDoNothing();
    const now = [...new Set([...was.filter((id) => id !== personId), receiverId])].sort();
    events.push({
      objectType: 'service',
      objectId: serviceId,
      action: 'service.admins.updated',
      before: { admins: was },
      after: { admins: now },
    });
  }
  await tx
    .update(services)
    .set({ ...set, version: row!.version + 1, updatedAt: sql`now()` })
    .where(eq(services.id, serviceId));
  return events;
};

/**
 * The portfolio manager hands what a person holds to other people (docs/adr/0123-people-who-leave.md):
 * the picked items, one receiver per group, in one transaction; an item the person no longer holds
 * answers 409 and nothing changes. Each object gets its own event, the person one for the whole,
 * and each receiver one mail listing what they received.
 */
export const handOver = async (writes: Writes, principal: AuthUser, personId: string, request: HandOverRequest) => {
  const picked = [...new Set(request.items)].map(parseHandoverKey);
  const groups = [...new Set(picked.map((p) => HANDOVER_GROUP_OF[p.kind]))];
  const receivers: Receivers = request.receivers;
  return runWrite(writes, actorOf(principal), async (tx) => {
    const [person] = await tx
      .select({ id: users.id, fullname: users.fullname, username: users.username })
      .from(users)
      .where(eq(users.id, personId))
      .for('update');
    if (!person) throw notFound();
    await checkReceivers(tx, personId, groups, receivers);
    await lockRows(tx, picked);
    const held = new Map((await listHandoverItems(tx, personId)).map((i) => [i.key, i]));
    const items = request.items.filter((key, index, all) => all.indexOf(key) === index).map((key) => held.get(key));
    if (items.some((i) => !i)) throw conflict('handover.itemGone');
    const chosen = items as HeldItem[];
    const receiverOf = (i: HeldItem) => receivers[i.group]!;
    const events: AuditEvent[] = [];

    // Services first: a receiver of a service's change request may be its provider side only now.
    const serviceItems = chosen.filter((i) => i.group === 'services');
    for (const serviceId of new Set(serviceItems.map((i) => parseHandoverKey(i.key).id)))
      events.push(
        ...(await handOverService(
          tx,
          personId,
          receivers.services!,
          serviceId,
          serviceItems.filter((i) => parseHandoverKey(i.key).id === serviceId),
        )),
      );

    for (const i of chosen.filter((x) => x.kind === 'changeRequest')) {
      const { id } = parseHandoverKey(i.key);
      const [row] = await tx.select().from(changeRequests).where(eq(changeRequests.id, id));
      if (!(await onProviderSide(tx, row!.serviceId, receiverOf(i))))
        throw refuse('changeRequests', 'handover.receiverNotProvider');
      await tx
        .update(changeRequests)
        .set({ authorId: receiverOf(i), version: row!.version + 1, updatedAt: sql`now()` })
        .where(eq(changeRequests.id, id));
      events.push({
        objectType: 'changeRequest',
        objectId: id,
        action: 'changeRequest.updated',
        before: { authorId: personId },
        after: { authorId: receiverOf(i) },
      });
    }

    for (const i of chosen.filter((x) => x.kind === 'resourcePackage')) {
      const { id } = parseHandoverKey(i.key);
      const [row] = await tx.select().from(resourcePackages).where(eq(resourcePackages.id, id));
      if (!(await onProviderSide(tx, row!.serviceId, receiverOf(i))))
        throw refuse('resourcePackages', 'handover.receiverNotProvider');
      const set: Record<string, string> = {};
      const before: Record<string, string> = {};
      const after: Record<string, string> = {};
      for (const column of ['createdById', 'submittedById'] as const)
        if (row![column] === personId) {
          set[column] = receiverOf(i);
          before[column] = personId;
          after[column] = receiverOf(i);
        }
      await tx
        .update(resourcePackages)
        .set({ ...set, version: row!.version + 1, updatedAt: sql`now()` })
        .where(eq(resourcePackages.id, id));
      events.push({ objectType: 'resourcePackage', objectId: id, action: 'resourcePackage.updated', before, after });
    }

    for (const i of chosen.filter((x) => x.group === 'vos')) {
      const { id } = parseHandoverKey(i.key);
      const [row] = await tx.select().from(vos).where(eq(vos.id, id));
      const receiver = receiverOf(i);
      const column = i.kind === 'voApplicant' ? 'applicantId' : 'deputyId';
      const other = i.kind === 'voApplicant' ? row!.deputyId : row!.applicantId;
      if (other === receiver) throw refuse('vos', 'handover.receiverIsApplicant');
      await tx
        .update(vos)
        .set({ [column]: receiver, version: row!.version + 1, updatedAt: sql`now()` })
        .where(eq(vos.id, id));
      events.push({
        objectType: 'vo',
        objectId: id,
        action: 'vo.updated',
        before: { [column]: personId },
        after: { [column]: receiver },
      });
    }

    const relationItems = chosen.filter((x) => x.kind === 'contactRelation');
    if (relationItems.length > 0) {
      const [target] = await tx
        .select({ id: contacts.id, version: contacts.version })
        .from(contacts)
        .where(contactOfUserSql(receivers.contacts!))
        .limit(1)
        .for('update');
      if (!target) throw refuse('contacts', 'handover.receiverNoContact');
      const touched = new Set<string>([target.id]);
      for (const i of relationItems) {
        const { id } = parseHandoverKey(i.key);
        const [relation] = await tx.select().from(contactRelations).where(eq(contactRelations.id, id));
        const rel = relation!;
        const kind = rel.serviceId ? 'service' : 'institution';
        const targetId = rel.serviceId ?? rel.institutionId;
        touched.add(rel.contactId);
        // The receiver holds the same relation already: the gone person's copy goes.
        const [same] = await tx
          .select({ id: contactRelations.id })
          .from(contactRelations)
          .where(
            and(
              eq(contactRelations.contactId, target.id),
              eq(contactRelations.role, rel.role),
              rel.serviceId
                ? eq(contactRelations.serviceId, rel.serviceId)
                : eq(contactRelations.institutionId, rel.institutionId!),
            ),
          );
        if (same) await tx.delete(contactRelations).where(eq(contactRelations.id, rel.id));
        else await tx.update(contactRelations).set({ contactId: target.id }).where(eq(contactRelations.id, rel.id));
        events.push(
          {
            objectType: 'contact',
            objectId: rel.contactId,
            action: 'contact.relation.removed',
            before: { relation: rel.id, kind, target: targetId, role: rel.role },
          },
          {
            objectType: 'contact',
            objectId: target.id,
            action: 'contact.relation.added',
            after: { relation: same?.id ?? rel.id, kind, target: targetId, role: rel.role },
          },
        );
      }
      await tx
        .update(contacts)
        .set({ version: sql`${contacts.version} + 1`, updatedAt: sql`now()` })
        .where(inArray(contacts.id, [...touched]));
    }

    const receiverIds = [...new Set(chosen.map(receiverOf))];
    events.push({
      objectType: 'user',
      objectId: personId,
      action: 'user.handedOver',
      after: { items: chosen.length, receivers: receiverIds },
    });
    const name = person.fullname || person.username;
    const people = await reachableUsers(tx, 'handedOver', receiverIds, []);
    const mails: OutboxMessage[] = people.flatMap((receiver) => {
      const theirs = chosen.filter((i) => receiverOf(i) === receiver.id);
      return mailsTo([receiver], 'handedOver', principal.id, {
        serviceId: null,
        path: routePath('myServices'),
        content: {
          serviceName: name,
          serviceNumber: '',
          actorName: principal.fullname || principal.username,
          comment: theirs
            .map((i) => {
              const language = receiver.language === 'de' ? 'de' : 'en';
              return `${translate(language, `handover.kinds.${i.kind}`)}: ${i.name}${i.serviceId ? ` (${i.serviceId})` : ''}`;
            })
            .join('\n'),
        },
      });
    });
    return {
      value: chosen.length,
      events,
      mails,
      effects: serviceItems.length > 0 ? PORTFOLIO_CHANGED : [],
    };
  });
};
