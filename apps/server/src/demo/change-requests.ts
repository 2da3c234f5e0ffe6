import type { AuditEvent, ChangeDecision, ChangeRequestState, FieldValue } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents, changeRequestFields, changeRequests, services } from '../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One demo change request: on which service, by whom, in which state, proposing what. */
interface DemoChangeRequest {
  service: string;
  author: string;
  state: ChangeRequestState;
  fromIntegrationManager?: boolean;
  daysAgo: number;
  /** New values by field key, with the portfolio manager's decision once it was handed in. */
  fields: Record<string, { value: FieldValue; decision?: ChangeDecision }>;
}

/**
 * A change request in every state. alice's Lustre Scratch Storage has one handed in, so her
 * form there shows the lock; her HPC Batch Computing has none, so she can start one.
 */
export const DEMO_CHANGE_REQUESTS: readonly DemoChangeRequest[] = [
  {
    service: 'Lustre Scratch Storage',
    author: 'alice',
    state: 'handed_in',
    daysAgo: 2,
    fields: {
      shortDescription: { value: 'Fast parallel scratch storage for HPC jobs, purged after 60 days.' },
      maintenanceWindow: { value: 'Monday to Friday, 8:00 to 18:00' },
    },
  },
  {
    service: 'Virtual Machine Cloud',
    author: 'bob',
    state: 'handed_in',
    daysAgo: 4,
    fields: {
      shortDescription: { value: 'Self-service virtual machines with GPU flavours for research projects.' },
      maintenanceWindow: { value: 'Around the clock, support on working days' },
    },
  },
  {
    service: 'S3 Object Storage',
    author: 'bob',
    state: 'draft',
    daysAgo: 1,
    fields: { shortDescription: { value: 'S3-compatible object storage with versioning and lifecycle rules.' } },
  },
  {
    service: 'THREDDS Data Server',
    author: 'ivan',
    state: 'handed_in',
    fromIntegrationManager: true,
    daysAgo: 3,
    fields: { maintenanceWindow: { value: 'Working days, 9:00 to 17:00' } },
  },
  {
    service: 'Nextcloud Sync & Share',
    author: 'uweber',
    state: 'released',
    daysAgo: 6,
    fields: {
      shortDescription: { value: 'Sync and share files across centres, with group folders.', decision: 'accept' },
      maintenanceWindow: { value: 'Always', decision: 'discard' },
    },
  },
  {
    service: 'GitLab Code Hosting',
    author: 'mschneider',
    state: 'withdrawn',
    daysAgo: 20,
    fields: { shortDescription: { value: 'GitLab for research software, with CI.' } },
  },
  {
    service: 'JupyterHub on HPC',
    author: 'alice',
    state: 'applied',
    daysAgo: 30,
    fields: {
      maintenanceWindow: { value: 'Monday to Friday, 7:00 to 20:00', decision: 'accept' },
      shortDescription: { value: 'Notebooks on the cluster.', decision: 'discard' },
    },
  },
];

/**
 * Seeds the demo change requests with their audit events (created, and the last step). An applied
 * request's accepted values are what the service holds now; the value before is kept in the request.
 */
export const seedDemoChangeRequests = async (
  tx: Tx,
  serviceIds: Map<string, string>,
  userIds: Map<string, string>,
  now: Date,
) => {
  for (const demo of DEMO_CHANGE_REQUESTS) {
    const serviceId = serviceIds.get(demo.service);
    const authorId = userIds.get(demo.author);
    if (!serviceId || !authorId) throw new Error(`demo data: change request on ${demo.service} by ${demo.author}`);
    const [service] = await tx.select().from(services).where(eq(services.id, serviceId));
    const at = new Date(now.getTime() - demo.daysAgo * DAY_MS);
    const [row] = await tx
      .insert(changeRequests)
      .values({
        serviceId,
        authorId,
        state: demo.state,
        fromIntegrationManager: demo.fromIntegrationManager ?? false,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const fields = Object.entries(demo.fields).map(([fieldKey, proposal]) => ({
      changeRequestId: row!.id,
      fieldKey,
      currentValue: service!.fields[fieldKey] ?? null,
      newValue: proposal.value,
      decision: proposal.decision ?? null,
    }));
    if (demo.state === 'applied') {
      // The accepted value is the service's now; the request remembers the one before.
      const next = { ...service!.fields };
      for (const field of fields)
        if (field.decision === 'accept') {
          next[field.fieldKey] = field.newValue;
          field.currentValue = `${String(field.currentValue ?? '')} (before)`.trim();
        }
      await tx.update(services).set({ fields: next }).where(eq(services.id, serviceId));
    }
    await tx.insert(changeRequestFields).values(fields);
    const actor = { id: authorId, name: demo.author };
    const events: AuditEvent[] = [
      {
        objectType: 'changeRequest',
        objectId: row!.id,
        action: 'changeRequest.created',
        after: {
          serviceId,
          fromIntegrationManager: demo.fromIntegrationManager ?? false,
          fields: Object.fromEntries(fields.map((f) => [f.fieldKey, f.newValue])),
        },
      },
    ];
    const step = (
      {
        handed_in: 'changeRequest.handedIn',
        withdrawn: 'changeRequest.withdrawn',
        released: 'changeRequest.released',
      } as const
    )[demo.state as 'handed_in' | 'withdrawn' | 'released'];
    if (step)
      events.push({
        objectType: 'changeRequest',
        objectId: row!.id,
        action: step,
        before: { state: demo.state === 'released' ? 'handed_in' : 'draft' },
        after: { state: demo.state as 'handed_in' },
      });
    await tx.insert(auditEvents).values(events.map((event) => auditRowOf(actor, event, at)));
    if (demo.state === 'applied') await seedAppliedEvents(tx, service!, fields, row!.id, authorId, userIds, at);
  }
};

/**
 * The events of an apply by the portfolio manager, as commands/change-requests.ts writes them, an
 * hour after the request: the request's last step, and on the service the request named and each
 * accepted field's old and new value, so the service's history shows what was applied.
 */
const seedAppliedEvents = async (
  tx: Tx,
  service: typeof services.$inferSelect,
  fields: { fieldKey: string; newValue: unknown; decision: string | null }[],
  changeRequestId: string,
  authorId: string,
  userIds: Map<string, string>,
  requestedAt: Date,
) => {
  const applierId = userIds.get('paula');
  if (!applierId) throw new Error('demo data: paula applies the applied change requests');
  const accepted = fields.filter((field) => field.decision === 'accept');
  const discarded = fields.filter((field) => field.decision === 'discard').map((field) => field.fieldKey);
  const events: AuditEvent[] = [
    {
      objectType: 'changeRequest',
      objectId: changeRequestId,
      action: 'changeRequest.applied',
      before: { state: 'released' },
      after: {
        state: 'applied',
        applied: accepted.map((field) => field.fieldKey),
        discarded,
        serviceVersion: service.version,
      },
    },
    {
      objectType: 'service',
      objectId: service.id,
      action: 'service.changeRequestApplied',
      after: {
        changeRequest: changeRequestId,
        handedInBy: authorId,
        appliedFields: accepted.map((field) => field.fieldKey),
        discardedFields: discarded,
      },
    },
    ...accepted.map((field): AuditEvent => ({
      objectType: 'service',
      objectId: service.id,
      action: 'service.updated',
      before: { [field.fieldKey]: service.fields[field.fieldKey] ?? null },
      after: { [field.fieldKey]: field.newValue },
    })),
  ];
  const at = new Date(requestedAt.getTime() + 60 * 60 * 1000);
  await tx.insert(auditEvents).values(events.map((event) => auditRowOf({ id: applierId, name: 'paula' }, event, at)));
};
