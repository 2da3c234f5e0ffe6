import {
  DEFAULT_VO_ENTITLEMENT,
  findVoTransition,
  voEntitlement,
  type AuditEvent,
  type VoAction,
  type VoEntitlementSettings,
  type VoState,
} from '@nubes/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../audit/actor.js';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents, services, voComments, voServices, vos } from '../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A step of a demo VO's past: who took it, how many days ago, and the comment written with it. */
interface DemoVoStep {
  take: VoAction;
  by: string;
  daysAgo: number;
  comment?: string;
}

export interface DemoVo {
  name: string;
  description: string;
  expectedMembers: number;
  services: readonly string[];
  aupAdditions: string;
  createdDaysAgo: number;
  steps: readonly DemoVoStep[];
}

/**
 * victor's VOs, one in every state, with shuber (a colleague at his centre) as deputy: the first
 * waits for sven's review, the one in draft was sent back with a comment.
 */
export const DEMO_VOS: readonly DemoVo[] = [
  {
    name: 'genome-atlas',
    description: 'Assembly and annotation of plant genomes for the national genome atlas project.',
    expectedMembers: 35,
    services: ['HPC Batch Computing', 'S3 Object Storage'],
    aupAdditions: 'Human genetic data may not be processed in this VO.',
    createdDaysAgo: 9,
    steps: [{ take: 'send', by: 'victor', daysAgo: 2 }],
  },
  {
    name: 'climate-ensembles',
    description: 'Regional climate model ensembles and their evaluation for the climate services of the alliance.',
    expectedMembers: 60,
    services: ['HPC Batch Computing', 'Virtual Machine Cloud', 'S3 Object Storage'],
    aupAdditions: 'Model output is shared under CC BY 4.0 within a year of its production.',
    createdDaysAgo: 120,
    steps: [
      { take: 'send', by: 'victor', daysAgo: 110 },
      { take: 'approve', by: 'sven', daysAgo: 105 },
      { take: 'makeAvailable', by: 'paula', daysAgo: 104 },
    ],
  },
  {
    name: 'materials-dft',
    description: 'Density functional theory screening of battery materials.',
    expectedMembers: 12,
    services: ['HPC Batch Computing'],
    aupAdditions: '',
    createdDaysAgo: 30,
    steps: [
      { take: 'send', by: 'victor', daysAgo: 20 },
      { take: 'approve', by: 'sven', daysAgo: 6 },
    ],
  },
  {
    name: 'seismo-net',
    description: 'Near real-time processing of the regional seismometer network.',
    expectedMembers: 8,
    services: ['Virtual Machine Cloud'],
    aupAdditions: '',
    createdDaysAgo: 25,
    steps: [
      { take: 'send', by: 'victor', daysAgo: 15 },
      {
        take: 'backToDraft',
        by: 'sven',
        daysAgo: 12,
        comment: 'Please describe who the members will be and name a security contact that is not a personal mailbox.',
      },
    ],
  },
  {
    name: 'river-hydrology',
    description: 'Flood forecasting for the river basins of the north.',
    expectedMembers: 5,
    services: ['S3 Object Storage'],
    aupAdditions: '',
    createdDaysAgo: 60,
    steps: [{ take: 'withdraw', by: 'victor', daysAgo: 50 }],
  },
];

export const DEMO_VO_APPLICANT = 'victor';
export const DEMO_VO_DEPUTY = 'shuber';
const DEMO_VO_CENTRE = 'DCS';

const stateAfter = (steps: readonly DemoVoStep[]): VoState =>
  steps.reduce<VoState>((state, step) => findVoTransition(step.take, state)!.to, 'application_draft');

/**
 * The demo VOs with their services, review comments and history (created, then each step), as if
 * victor and the reviewers had taken each step on its day. Services not online are left out.
 */
export const seedDemoVos = async (
  tx: Tx,
  userIds: ReadonlyMap<string, string>,
  institutionIds: ReadonlyMap<string, string>,
  now: Date,
  entitlement: VoEntitlementSettings = DEFAULT_VO_ENTITLEMENT,
): Promise<number> => {
  const wanted = [...new Set(DEMO_VOS.flatMap((vo) => vo.services))];
  const online = new Map(
    (
      await tx
        .select({ id: services.id, name: services.name })
        .from(services)
        .where(and(inArray(services.name, wanted), eq(services.state, 'service_online')))
    ).map((row) => [row.name, row.id]),
  );
  const applicantId = userIds.get(DEMO_VO_APPLICANT)!;
  const deputyId = userIds.get(DEMO_VO_DEPUTY) ?? null;
  const actor = (username: string): Actor => ({ id: userIds.get(username) ?? null, name: username });
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  for (const demo of DEMO_VOS) {
    const state = stateAfter(demo.steps);
    const created = daysAgo(demo.createdDaysAgo);
    const last = demo.steps.at(-1);
    const sends = demo.steps.filter((step) => step.take === 'send');
    const sentAt = sends.length > 0 ? daysAgo(sends.at(-1)!.daysAgo) : null;
    // What was sent once was confirmed and accepted; the draft sent back keeps its confirmations.
    const confirmedAt = sentAt ?? (state === 'application_draft' ? null : created);
    const [row] = await tx
      .insert(vos)
      .values({
        name: demo.name,
        description: demo.description,
        state,
        applicantId,
        deputyId,
        homeInstitutionId: institutionIds.get(DEMO_VO_CENTRE) ?? null,
        securityContactEmail: `security+${demo.name}@datacenter-south.example`,
        expectedMembers: demo.expectedMembers,
        aupAdditions: demo.aupAdditions,
        termsConfirmed: confirmedAt !== null,
        termsConfirmedBy: confirmedAt ? applicantId : null,
        termsConfirmedAt: confirmedAt,
        policiesAccepted: confirmedAt !== null,
        policiesAcceptedBy: confirmedAt ? applicantId : null,
        policiesAcceptedAt: confirmedAt,
        sentAt,
        entitlement: state === 'vo_available' ? voEntitlement(demo.name, entitlement) : null,
        version: 1 + demo.steps.length,
        createdAt: created,
        updatedAt: last ? daysAgo(last.daysAgo) : created,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    const serviceIds = demo.services.map((name) => online.get(name)).filter((id): id is string => id !== undefined);
    if (serviceIds.length > 0)
      await tx.insert(voServices).values(serviceIds.map((serviceId) => ({ voId: row.id, serviceId })));

    const history: Array<{ actor: Actor; event: AuditEvent; at: Date }> = [
      {
        actor: actor(DEMO_VO_APPLICANT),
        at: created,
        event: {
          action: 'vo.created',
          objectType: 'vo',
          objectId: row.id,
          after: { name: demo.name, description: demo.description, serviceIds },
        },
      },
    ];
    let from: VoState = 'application_draft';
    for (const step of demo.steps) {
      const to: VoState = findVoTransition(step.take, from)!.to;
      const at = daysAgo(step.daysAgo);
      history.push({
        actor: actor(step.by),
        at,
        event: {
          action: `vo.${step.take}`,
          objectType: 'vo',
          objectId: row.id,
          before: { state: from },
          after: { state: to, ...(step.comment ? { comment: step.comment } : {}) },
        },
      });
      if (step.comment)
        await tx.insert(voComments).values({
          voId: row.id,
          authorId: userIds.get(step.by) ?? null,
          text: step.comment,
          action: step.take,
          fromState: from,
          toState: to,
          createdAt: at,
        });
      from = to;
    }
    await tx.insert(auditEvents).values(history.map((entry) => auditRowOf(entry.actor, entry.event, entry.at)));
  }
  return DEMO_VOS.length;
};
