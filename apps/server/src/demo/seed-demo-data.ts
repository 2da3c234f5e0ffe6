import { randomUUID } from 'node:crypto';
import {
  APPLICATION_FIELDS,
  categoriseService,
  groupsFromEntitlements,
  rolesFromEntitlements,
  SERVICE_STATES,
  weighAnswers,
  type EntitlementMapping,
  type FieldValues,
  type IdpGroup,
  type ServiceState,
  type WeightingCriterion,
  type AuditEvent,
  type VoEntitlementSettings,
} from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { auditRowOf } from '../audit/record-audit.js';
import { loadWeightingCriteria } from '../queries/weighting-criteria.js';
import type { Config } from '../config/config.js';
import type { Db, Tx } from '../db/client.js';
import {
  appSecrets,
  auditEvents,
  institutions,
  keywords,
  serviceAdmins,
  serviceComments,
  serviceKeywords,
  services,
  users,
} from '../db/schema.js';
import { DEMO_ACCOUNTS, entitlementsFor, groupEntitlementsFor } from '../dev-idp/accounts.js';
import { DEMO_COMMENTS, DEMO_SERVICES, type DemoService } from './catalogue.js';
import { seedDemoMails } from './demo-mails.js';
import { seedDemoChangeRequests } from './change-requests.js';
import { seedDemoContacts } from './contacts.js';
import { completeFieldValues, fieldsForState } from './field-values.js';
import { DEMO_CENTRES, DEMO_INSTITUTIONS, demoInstitution } from './institutions.js';
import { demoLogoPng } from './demo-logos.js';
import { createDatabaseFileStore } from '../storage/database-file-store.js';
import type { FileStore } from '../storage/file-store.js';
import { CENTRE_TEAMS, DEMO_STAFF } from './people.js';
import { seedDemoGonePerson } from './gone-person.js';
import type { ObjectEvent } from '../writes/pipeline.js';
import { seedDemoResourcePackages } from './resource-packages.js';
import { seedDemoReviews } from './reviews.js';
import { seedDemoReviewSchedule } from './review-schedule.js';
import { seedDemoRetirementPlans } from './retirement-plans.js';
import { demoPilotOnlineDates, seedDemoPilots } from './pilots.js';
import { seedDemoDowntimes } from './downtimes.js';
import { pathTo } from './workflow-path.js';
import { insertBySystem } from './system-rows.js';
import { seedDemoVoNamePrefixes } from './vo-name-prefixes.js';
import { seedDemoVos } from './vos.js';

/** The app_secrets row that says the demo data is in; its presence makes seeding a no-op. */
export const DEMO_DATA_MARKER = 'demo-data';
/** Held for the seeding transaction: instances that start together on one database seed once. */
const DEMO_SEED_LOCK_KEY = 7_205_119;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoSeedOptions {
  /**
   * The issuer the demo logins come from (the built-in dev IdP's URL), so that their first login
   * finds the seeded row; null when another IdP is configured: the people are then seeded without
   * an identity, since their usernames mean nothing to that IdP.
   */
  issuer: string | null;
  entitlements: EntitlementMapping;
  /** The group entitlements' prefix (ADR 0038): the demo logins get the groups their login would. */
  groupPrefix?: string;
  /** "Today" of the demo history (tests pin it). */
  now?: Date;
  /** The entitlement's parts of the available demo VO (the configured ones). */
  voEntitlement?: VoEntitlementSettings;
}

export const demoSeedOptions = (config: Config): DemoSeedOptions => ({
  issuer: config.devIdp ? config.oidc.issuer : null,
  entitlements: config.entitlements,
  groupPrefix: config.groups.prefix,
  voEntitlement: config.vos.entitlement,
});

export interface DemoSeedResult {
  institutions: number;
  centres: number;
  users: number;
  services: number;
  contacts: number;
}

type AuditRow = typeof auditEvents.$inferInsert;
type ServiceAction = ObjectEvent<'service'>['action'];

/**
 * Seeds the demo alliance once per database (development only; main.ts decides): institutions,
 * the demo people as portal users before their first login, keywords and about forty services in
 * every state with owners, field values, weighting, comments and a history, resource types with
 * packages in every review state, and about sixty contacts related to them. Everything in one
 * transaction under an advisory lock; answers null when the data was already there.
 */
export const seedDemoData = (db: Db, options: DemoSeedOptions): Promise<DemoSeedResult | null> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    const [marker] = await tx.select().from(appSecrets).where(eq(appSecrets.name, DEMO_DATA_MARKER));
    if (marker) return null;

    const now = options.now ?? new Date();
    const institutionIds = await seedInstitutions(
      tx,
      createDatabaseFileStore(db),
      new Date(now.getTime() - 3 * 365 * DAY_MS),
    );
    const userIds = await seedPeople(tx, institutionIds, options, new Date(now.getTime() - 2 * 365 * DAY_MS));
    const keywordIds = await seedKeywords(tx, userIds);
    const criteria = await loadWeightingCriteria(tx);
    // Oldest first, so the service IDs follow the order of the applications.
    const ordered = [...DEMO_SERVICES].sort((a, b) => b.ageDays - a.ageDays);
    const serviceIds = new Map<string, string>();
    const onlineDates = demoPilotOnlineDates(now);
    for (const demo of ordered) {
      const id = await seedService(tx, demo, { institutionIds, userIds, keywordIds, criteria, now, onlineDates });
      serviceIds.set(demo.name, id);
    }
    await seedComments(tx, serviceIds, userIds, now);
    await seedDemoReviews(tx, serviceIds, userIds, now);
    await seedDemoReviewSchedule(tx, serviceIds, now);
    await seedDemoRetirementPlans(tx, serviceIds, now);
    await seedDemoPilots(tx, serviceIds, userIds, now);
    await seedDemoDowntimes(tx, serviceIds, userIds, now);
    await seedDemoMails(tx, serviceIds, now);
    await seedDemoChangeRequests(tx, serviceIds, userIds, now);
    await seedDemoResourcePackages(tx, serviceIds, userIds, now);
    const contactCount = await seedDemoContacts(tx, institutionIds, serviceIds, new Date(now.getTime() - 30 * DAY_MS));
    await seedDemoVoNamePrefixes(tx, new Date(now.getTime() - 365 * DAY_MS));
    await seedDemoVos(tx, userIds, institutionIds, now, options.voEntitlement);
    await seedDemoGonePerson(tx, serviceIds, options.issuer, now);

    await tx.insert(appSecrets).values({
      name: DEMO_DATA_MARKER,
      value: { seededAt: now.toISOString(), services: ordered.length },
    });
    return {
      institutions: institutionIds.size,
      centres: DEMO_CENTRES.length,
      users: userIds.size,
      services: ordered.length,
      contacts: contactCount,
    };
  });

/**
 * Institutions by abbreviation, each new one with its demo logo (demo-logos.ts); existing ones
 * (same abbreviation or domain) are kept as they are.
 */
const seedInstitutions = async (tx: Tx, files: FileStore, at: Date): Promise<Map<string, string>> => {
  const created = await insertBySystem(tx, institutions, DEMO_INSTITUTIONS, at, (i) => ({
    objectType: 'institution',
    objectId: i.id,
    action: 'institution.created',
    after: { abbreviation: i.abbreviation, name: i.name },
  }));
  for (const institution of created) {
    const logo = demoLogoPng(institution.abbreviation);
    if (logo)
      await tx
        .update(institutions)
        .set({ logoKey: await files.put(logo, tx), logoContentType: 'image/png' })
        .where(eq(institutions.id, institution.id));
  }
  const ids = new Map<string, string>();
  for (const demo of DEMO_INSTITUTIONS) {
    const [row] = await tx
      .select({ id: institutions.id })
      .from(institutions)
      .where(
        sql`lower(${institutions.domain}) = ${demo.domain} or lower(${institutions.abbreviation}) = lower(${demo.abbreviation})`,
      )
      .limit(1);
    if (row) ids.set(demo.abbreviation, row.id);
  }
  return ids;
};

const institutionOfDomain = (institutionIds: Map<string, string>, domain: string): string | null => {
  const demo = DEMO_INSTITUTIONS.find((i) => i.domain === domain);
  return demo ? (institutionIds.get(demo.abbreviation) ?? null) : null;
};

/**
 * The demo logins exactly as their first single sign-on would create them (issuer and subject,
 * name, e-mail, the roles their entitlements map to) plus their organisation and institution,
 * and the centres' staff without a login. Existing rows are kept and only get a missing
 * organisation or institution. Answers user ids by username.
 */
const seedPeople = async (
  tx: Tx,
  institutionIds: Map<string, string>,
  options: DemoSeedOptions,
  at: Date,
): Promise<Map<string, string>> => {
  const people = [
    ...DEMO_ACCOUNTS.map((account) => ({
      username: account.username,
      fullname: account.name,
      email: account.email,
      organisation: account.organisation,
      identity: options.issuer ? { issuer: options.issuer, internalId: account.username } : null,
      entitlementRoles: options.issuer
        ? rolesFromEntitlements(entitlementsFor(account, options.entitlements.prefix), options.entitlements)
        : [],
      groups: options.issuer
        ? groupsFromEntitlements(groupEntitlementsFor(account, options.groupPrefix ?? ''), options.groupPrefix ?? '')
        : [],
    })),
    ...DEMO_STAFF.map((staff) => {
      const domain = demoInstitution(staff.centre).domain;
      return {
        username: staff.username,
        fullname: staff.fullname,
        email: `${staff.username}@${domain}`,
        organisation: domain,
        identity: null,
        entitlementRoles: [] as string[],
        groups: [] as IdpGroup[],
      };
    }),
  ];

  const ids = new Map<string, string>();
  for (const person of people) {
    const institutionId = institutionOfDomain(institutionIds, person.organisation);
    const keepMissing = {
      organisation: sql`coalesce(${users.organisation}, ${person.organisation})`,
      institutionId: sql`coalesce(${users.institutionId}, ${institutionId}::uuid)`,
    };
    // Someone who already logged in (e.g. under another username) is that row.
    const [known] = person.identity
      ? await tx
          .update(users)
          .set(keepMissing)
          .where(and(eq(users.issuer, person.identity.issuer), eq(users.internalId, person.identity.internalId)))
          .returning({ id: users.id })
      : [];
    if (known) {
      ids.set(person.username, known.id);
      continue;
    }
    const [row] = await tx
      .insert(users)
      .values({
        username: person.username,
        fullname: person.fullname,
        email: person.email,
        organisation: person.organisation,
        institutionId,
        issuer: person.identity?.issuer ?? null,
        internalId: person.identity?.internalId ?? null,
        entitlementRoles: person.entitlementRoles,
        groups: person.groups,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoUpdate({ target: users.username, set: keepMissing })
      // xmax is 0 for a row this statement inserted (and not updated on conflict).
      .returning({ id: users.id, inserted: sql<boolean>`(xmax = 0)` });
    ids.set(person.username, row!.id);
    if (row!.inserted)
      await tx.insert(auditEvents).values(
        auditRowOf(
          SYSTEM_ACTOR,
          {
            objectType: 'user',
            objectId: row!.id,
            action: 'user.created',
            after: { username: person.username, fullname: person.fullname, email: person.email, source: 'demo' },
          },
          at,
        ),
      );
  }
  return ids;
};

/** Every keyword of the catalogue, created by the first owner who uses it; ids by lower-case name. */
const seedKeywords = async (tx: Tx, userIds: Map<string, string>): Promise<Map<string, string>> => {
  const creators = new Map<string, string | null>();
  for (const demo of DEMO_SERVICES)
    for (const name of demo.keywords)
      if (!creators.has(name)) creators.set(name, userIds.get(CENTRE_TEAMS[demo.centre].owner) ?? null);
  await tx
    .insert(keywords)
    .values([...creators].map(([name, createdById]) => ({ name, createdById })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: keywords.id, name: keywords.name }).from(keywords);
  return new Map(rows.map((k) => [k.name.toLowerCase(), k.id]));
};

interface SeedContext {
  institutionIds: Map<string, string>;
  userIds: Map<string, string>;
  keywordIds: Map<string, string>;
  criteria: readonly WeightingCriterion[];
  now: Date;
  /** The day a service went online when the demo fixes it (the pilots'); its history goes online then. */
  onlineDates: ReadonlyMap<string, Date>;
}

/** Every state from planning on, in the order SERVICE_STATES lists them (withdrawn offers too). */
const PIPELINE_OR_LATER = new Set<ServiceState>(SERVICE_STATES.slice(SERVICE_STATES.indexOf('service_planned')));

const at9 = (date: Date) => {
  const copy = new Date(date);
  copy.setUTCHours(9, 0, 0, 0);
  return copy;
};

/** One service with its keywords, admins and history; answers its id. */
const seedService = async (tx: Tx, demo: DemoService, ctx: SeedContext): Promise<string> => {
  const team = CENTRE_TEAMS[demo.centre];
  const user = (username: string) => {
    const id = ctx.userIds.get(username);
    if (!id) throw new Error(`demo data: no user ${username}`);
    return id;
  };
  const ownerId = user(team.owner);
  const planned = PIPELINE_OR_LATER.has(demo.state);
  const inInformation = planned && demo.state !== 'service_planned';
  const managerId = inInformation ? user(team.manager) : null;
  const adminIds = inInformation ? team.admins.map(user) : [];
  const createdAt = at9(new Date(ctx.now.getTime() - demo.ageDays * DAY_MS));
  const domain = demoInstitution(demo.centre).domain;
  const complete = completeFieldValues(demo.profile, {
    domain,
    contactId: managerId ?? ownerId,
    plannedStart: new Date(createdAt.getTime() + 90 * DAY_MS).toISOString().slice(0, 10),
  });
  const fields = fieldsForState(complete, demo.state, demo.unfinished);
  const weighting = planned ? (demo.weighting ?? {}) : {};
  const keywordIds = demo.keywords.map((name) => ctx.keywordIds.get(name.toLowerCase())!);

  // The history: created, the transitions of the workflow table's path, and the edits between.
  const rules = pathTo(demo.state);
  const onlineIndex = rules.findIndex((rule) => rule.to === 'service_online');
  const lastAt = ctx.now.getTime() - Math.min(5, demo.ageDays / 4) * DAY_MS;
  const beforeOnline = onlineIndex >= 0 ? onlineIndex + 1 : rules.length;
  const fixedOnline = onlineIndex >= 0 ? ctx.onlineDates.get(demo.name)?.getTime() : undefined;
  const spacing = Math.min(
    30 * DAY_MS,
    fixedOnline === undefined
      ? (lastAt - createdAt.getTime()) / (rules.length + 1)
      : (fixedOnline - createdAt.getTime()) / beforeOnline,
  );
  const times = rules.map((_, i) => {
    // A fixed day online ends the steps before it, so the history agrees with online_since.
    if (fixedOnline !== undefined && i < beforeOnline) return new Date(fixedOnline - spacing * (onlineIndex - i));
    if (i < beforeOnline) return new Date(createdAt.getTime() + spacing * (i + 1));
    const onlineAt = fixedOnline ?? createdAt.getTime() + spacing * beforeOnline;
    const after = rules.length - beforeOnline;
    return new Date(onlineAt + ((lastAt - onlineAt) * (i - beforeOnline + 1)) / after);
  });
  const actorFor = (who: readonly string[]) =>
    who.includes('provider') ? team.owner : who.includes('sim') ? 'ivan' : 'paula';

  const allocated = await tx.execute(
    sql`select 'SVC-' || lpad(nextval('service_number_seq')::text, 5, '0') as service_id`,
  );
  const serviceId = (allocated as unknown as { rows: { service_id: string }[] }).rows[0]!.service_id;
  const id = randomUUID();
  const events: AuditRow[] = [];
  // Checked against the audit event union like every event the commands write: the history reads them alike.
  const event = (username: string, time: Date, action: ServiceAction, before: unknown, after: unknown) =>
    events.push(
      auditRowOf(
        { id: user(username), name: username },
        { objectType: 'service', objectId: id, action, before, after } as AuditEvent,
        time,
      ),
    );

  const applicationKeys = new Set(APPLICATION_FIELDS.map((f) => f.key));
  const atCreation: FieldValues = Object.fromEntries(Object.entries(fields).filter(([k]) => applicationKeys.has(k)));
  event(team.owner, createdAt, 'service.created', null, {
    serviceId,
    state: 'application_draft',
    objectOwner: ownerId,
    name: demo.name,
    providerInstitutionId: ctx.institutionIds.get(demo.centre),
    ...atCreation,
  });

  let version = 1;
  let onlineSince: Date | null = null;
  let onlineUntil: Date | null = null;
  rules.forEach((rule, i) => {
    const time = times[i]!;
    if (rule.action === 'planService') {
      // The portfolio manager answers the weighting criteria when planning.
      const answered = Object.entries(weighting);
      if (answered.length > 0) {
        event(
          'paula',
          new Date(time.getTime() - DAY_MS),
          'service.updated',
          Object.fromEntries(answered.map(([k]) => [`weighting.${k}`, null])),
          Object.fromEntries(answered.map(([k, v]) => [`weighting.${k}`, v])),
        );
        version += 1;
      }
    }
    if (rule.action === 'submitServiceInformation' || (rule.action === 'withdrawServiceOffer' && inInformation)) {
      const written = Object.entries(fields).filter(([k]) => !applicationKeys.has(k) && k !== 'website');
      event(
        team.owner,
        new Date(time.getTime() - 2 * DAY_MS),
        'service.updated',
        Object.fromEntries(written.map(([k]) => [k, null])),
        Object.fromEntries(written),
      );
      version += 1;
    }
    event(actorFor(rule.who), time, 'service.transition', { state: rule.from }, { state: rule.to });
    version += 1;
    if (rule.action === 'backToServiceInformationDraft' && managerId) {
      event(
        team.owner,
        new Date(time.getTime() + DAY_MS),
        'service.roles.updated',
        { serviceOwner: null, serviceManager: null, providerManager: null },
        { serviceOwner: ownerId, serviceManager: managerId, providerManager: user(team.providerManager) },
      );
      event(
        team.owner,
        new Date(time.getTime() + DAY_MS),
        'service.admins.updated',
        { admins: [] },
        { admins: [...adminIds].sort() },
      );
      version += 2;
    }
    if (rule.to === 'service_online' && !onlineSince) onlineSince = time;
    if (rule.to === 'service_discontinued') onlineUntil = time;
  });
  if (demo.state === 'service_information_draft') {
    // Written so far, not submitted yet.
    const written = Object.entries(fields).filter(([k]) => !applicationKeys.has(k) && k !== 'website');
    event(
      team.owner,
      new Date(lastAt),
      'service.updated',
      Object.fromEntries(written.map(([k]) => [k, null])),
      Object.fromEntries(written),
    );
    version += 1;
  }
  if (demo.documentsActive && onlineSince) {
    const time = new Date((onlineSince as Date).getTime() + 7 * DAY_MS);
    event('paula', time, 'service.documents.activated', { documentsActive: false }, { documentsActive: true });
    version += 1;
  }
  const updatedAt = events.reduce((latest, e) => (e.at! > latest ? e.at! : latest), createdAt);

  await tx.insert(services).values({
    id,
    serviceId,
    name: demo.name,
    state: demo.state,
    providerInstitutionId: ctx.institutionIds.get(demo.centre) ?? null,
    objectOwnerId: ownerId,
    serviceOwnerId: managerId ? ownerId : null,
    serviceManagerId: managerId,
    providerManagerId: managerId ? user(team.providerManager) : null,
    fields,
    weighting,
    weightedScore: weighAnswers(ctx.criteria, weighting).score,
    serviceType: categoriseService(fields),
    documentsActive: Boolean(demo.documentsActive && onlineSince),
    onlineSince,
    onlineUntil,
    version,
    createdAt,
    updatedAt,
  });
  await tx.insert(serviceKeywords).values(keywordIds.map((keywordId) => ({ serviceId: id, keywordId })));
  if (adminIds.length > 0) await tx.insert(serviceAdmins).values(adminIds.map((userId) => ({ serviceId: id, userId })));
  await tx.insert(auditEvents).values(events);
  return id;
};

const seedComments = async (tx: Tx, serviceIds: Map<string, string>, userIds: Map<string, string>, now: Date) => {
  for (const comment of DEMO_COMMENTS) {
    const serviceId = serviceIds.get(comment.service);
    const demo = DEMO_SERVICES.find((s) => s.name === comment.service);
    if (!serviceId || !demo) throw new Error(`demo data: comment on unknown service ${comment.service}`);
    const at = at9(new Date(now.getTime() - (demo.ageDays - comment.day) * DAY_MS));
    const authorId = userIds.get(comment.author) ?? null;
    await tx
      .insert(serviceComments)
      .values({ serviceId, authorId, authorName: comment.author, text: comment.text, createdAt: at });
    await tx.insert(auditEvents).values(
      auditRowOf(
        { id: authorId, name: comment.author },
        {
          objectType: 'service',
          objectId: serviceId,
          action: 'service.comment.added',
          after: { comment: comment.text },
        },
        at,
      ),
    );
  }
};
