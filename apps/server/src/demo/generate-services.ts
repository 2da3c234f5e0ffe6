import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_STATES,
  categoriseService,
  OFFBOARDING_STATES,
  SERVICE_STATES,
  weighAnswers,
  type FieldValues,
  type ServiceState,
  type WeightingAnswers,
} from '@nubes/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { loadWeightingCriteria } from '../queries/weighting-criteria.js';
import type { Db, Tx } from '../db/client.js';
import { auditEvents, institutions, keywords, serviceAdmins, serviceKeywords, services, users } from '../db/schema.js';
import { completeFieldValues, fieldsForState, type ServiceProfile } from './field-values.js';

/**
 * How a large portfolio is spread over the states: most services are in the catalogue, a good
 * share in the pipeline, fewer in the application and offboarding states. Every state has some.
 */
const GENERATED_STATE_WEIGHTS: Readonly<Record<ServiceState, number>> = {
  application_withdrawn: 2,
  application_draft: 6,
  application_received: 4,
  service_planned: 4,
  service_offer_withdrawn: 2,
  service_information_draft: 6,
  service_information_received: 4,
  ready_for_integration: 3,
  integration_planned: 3,
  integration_in_progress: 4,
  service_card_review: 2,
  integration_completed: 2,
  service_online: 34,
  service_not_available: 4,
  service_full_capacity_reached: 4,
  service_discontinued: 8,
  service_retired: 8,
};

/**
 * How many of `count` services land in each state: one in each first (from 17 services on), the
 * rest by weight with the largest remainder, so the counts add up to `count`.
 */
export const plannedStateCounts = (count: number): Record<ServiceState, number> => {
  const base = count >= SERVICE_STATES.length ? 1 : 0;
  const rest = count - base * SERVICE_STATES.length;
  const total = SERVICE_STATES.reduce((sum, state) => sum + GENERATED_STATE_WEIGHTS[state], 0);
  const exact = SERVICE_STATES.map((state) => ({ state, share: (rest * GENERATED_STATE_WEIGHTS[state]) / total }));
  const counts = Object.fromEntries(exact.map(({ state, share }) => [state, base + Math.floor(share)])) as Record<
    ServiceState,
    number
  >;
  let left = count - Object.values(counts).reduce((sum, n) => sum + n, 0);
  const byRemainder = [...exact].sort((a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)));
  for (const { state } of byRemainder) {
    if (left === 0) break;
    counts[state] += 1;
    left -= 1;
  }
  return counts;
};

/** A small seeded PRNG (mulberry32): the same seed gives the same portfolio. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
};

interface Family {
  category: ServiceProfile['category'];
  nouns: readonly string[];
  techs: readonly string[];
  keywords: readonly string[];
}

const FAMILIES: readonly Family[] = [
  {
    category: 'storage',
    nouns: ['Object Storage', 'Project Storage', 'Data Archive', 'Backup Service', 'File Service', 'Tape Archive'],
    techs: ['Ceph', 'MinIO', 'dCache', 'iRODS', 'Lustre', 'GPFS', 'Bareos', 'ZFS'],
    keywords: ['Storage', 'Archive', 'S3', 'Backup'],
  },
  {
    category: 'compute',
    nouns: ['Batch Cluster', 'GPU Partition', 'VM Cloud', 'Container Platform', 'Cloud Desktop', 'Visualisation Nodes'],
    techs: ['Slurm', 'OpenStack', 'Kubernetes', 'OpenNebula', 'Proxmox', 'HTCondor', 'Apptainer'],
    keywords: ['HPC', 'Cloud', 'GPU', 'Containers'],
  },
  {
    category: 'data_management',
    nouns: ['Data Repository', 'PID Service', 'Metadata Catalogue', 'Database Service', 'Data Portal'],
    techs: ['InvenioRDM', 'Dataverse', 'DSpace', 'CKAN', 'PostgreSQL', 'Handle', 'OPeNDAP'],
    keywords: ['Research Data', 'FAIR', 'DOI', 'Metadata'],
  },
  {
    category: 'software',
    nouns: ['Notebook Service', 'Workflow Engine', 'Code Hosting', 'Survey Tool', 'Lab Notebook', 'Model Registry'],
    techs: ['JupyterHub', 'Galaxy', 'GitLab', 'Nextflow', 'RStudio', 'eLabFTW', 'MLflow', 'LimeSurvey'],
    keywords: ['Research Software', 'Notebooks', 'Workflows', 'Machine Learning'],
  },
  {
    category: 'collaboration',
    nouns: ['Sync & Share', 'Video Conferencing', 'Team Chat', 'Wiki', 'Office Editor', 'Mailing Lists'],
    techs: ['Nextcloud', 'BigBlueButton', 'Matrix', 'Mattermost', 'Jitsi', 'BookStack', 'Overleaf', 'OnlyOffice'],
    keywords: ['Collaboration', 'Chat', 'Video Conferencing', 'Sync & Share'],
  },
  {
    category: 'network',
    nouns: ['VPN Gateway', 'Research Network', 'DNS Service', 'Load Balancer'],
    techs: ['WireGuard', 'HAProxy', 'Unbound', 'OpenVPN'],
    keywords: ['Network', 'Security', 'VPN'],
  },
  {
    category: 'consulting',
    nouns: ['Consulting', 'Training', 'Software Clinic', 'Helpdesk'],
    techs: ['Data Management', 'HPC', 'Research Software', 'Cloud Migration', 'AI'],
    keywords: ['Consulting', 'Training'],
  },
];

const QUALIFIERS = [
  'for Life Sciences',
  'for Climate Research',
  'for the Humanities',
  'for Physics',
  'for Teaching',
  'Pilot',
  'Plus',
  'Next',
  'Classic',
  'Europe',
  'Secure',
  'Community Edition',
];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

const DAY_MS = 24 * 60 * 60 * 1000;
const PLANNED_OR_LATER = new Set<ServiceState>(
  SERVICE_STATES.filter((s) => !['application_withdrawn', 'application_draft', 'application_received'].includes(s)),
);
const LIVE = new Set<string>(CATALOGUE_STATES);
const PAST = new Set<string>(OFFBOARDING_STATES);

export interface GenerateServicesOptions {
  count: number;
  /** Same seed, same names, states and values (default 1). */
  seed?: number;
  /** Rows per INSERT (default 500). */
  batchSize?: number;
  now?: Date;
}

export interface GenerateServicesResult {
  generated: number;
  byState: Record<ServiceState, number>;
}

/**
 * Bulk-inserts `count` services with realistic, varied names, spread over every state (see
 * GENERATED_STATE_WEIGHTS) and over the service-providing institutions, with owners from their
 * staff, keywords, field values valid for their state, weighting answers and scores, and a
 * service.created audit event each: multi-row inserts in one transaction, for the benchmarks and
 * the list tests. Needs the institutions and people of the demo data (seedDemoData) or the like.
 */
export const generateServices = (db: Db, options: GenerateServicesOptions): Promise<GenerateServicesResult> =>
  db.transaction(async (tx) => {
    const { count, batchSize = 500 } = options;
    const random = prng(options.seed ?? 1);
    const now = (options.now ?? new Date()).getTime();
    const byState = plannedStateCounts(count);
    const states = SERVICE_STATES.flatMap((state) => Array<ServiceState>(byState[state]).fill(state));
    // Shuffled, so that service IDs and states are not grouped.
    for (let i = states.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random.next() * (i + 1));
      [states[i], states[j]] = [states[j]!, states[i]!];
    }

    const providers = await tx
      .select({ id: institutions.id, name: institutions.name, domain: institutions.domain })
      .from(institutions)
      .where(eq(institutions.isServiceProvider, true));
    if (providers.length === 0)
      throw new Error('generateServices: no service-providing institutions (seed demo data first)');
    const staff = await tx
      .select({ id: users.id, institutionId: users.institutionId })
      .from(users)
      .where(
        inArray(
          users.institutionId,
          providers.map((p) => p.id),
        ),
      );
    const [anyone] = staff.length
      ? staff
      : await tx.select({ id: users.id, institutionId: users.institutionId }).from(users).limit(1);
    if (!anyone) throw new Error('generateServices: no users (seed demo data first)');
    const staffOf = new Map(
      providers.map((p) => [p.id, staff.filter((s) => s.institutionId === p.id).map((s) => s.id)]),
    );

    const keywordIds = await ensureKeywords(tx, [
      ...new Set(FAMILIES.flatMap((family) => [...family.keywords, ...family.techs])),
    ]);
    const criteria = await loadWeightingCriteria(tx);
    const numbers = (await tx.execute(
      sql`select 'SVC-' || lpad(nextval('service_number_seq')::text, 5, '0') as service_id from generate_series(1, ${count})`,
    )) as unknown as { rows: { service_id: string }[] };

    let rows: GeneratedRow[] = [];
    let links: { service_id: string; keyword_id: string }[] = [];
    let admins: { service_id: string; user_id: string }[] = [];
    const flush = async (force: boolean) => {
      if (rows.length === 0 || (!force && rows.length < batchSize)) return;
      await insertBatch(tx, rows, links, admins);
      rows = [];
      links = [];
      admins = [];
    };

    for (let i = 0; i < count; i += 1) {
      const state = states[i]!;
      const family = random.pick(FAMILIES);
      const tech = random.pick(family.techs);
      const noun = random.pick(family.nouns);
      const provider = random.pick(providers);
      const qualifier = random.chance(0.45) ? ` ${random.pick(QUALIFIERS)}` : '';
      const name = `${tech} ${noun}${qualifier}`;
      const people = staffOf.get(provider.id)?.length ? staffOf.get(provider.id)! : [anyone.id];
      const ownerId = random.pick(people);
      const managerId = random.pick(people);
      const planned = PLANNED_OR_LATER.has(state);
      const serviceId = numbers.rows[i]!.service_id;
      const id = randomUUID();

      const createdAt = now - random.int(30, 5 * 365) * DAY_MS - random.int(0, DAY_MS);
      const updatedAt = createdAt + random.next() * (now - createdAt);
      const onlineSince = LIVE.has(state) || PAST.has(state) ? createdAt + (updatedAt - createdAt) * 0.4 : null;
      const onlineUntil = PAST.has(state) ? updatedAt : null;

      const domain = provider.domain ?? 'example.org';
      const profile: ServiceProfile = {
        slug: `${slugify(`${tech} ${noun}`)}-${serviceId.slice(4)}`,
        shortDescription: `${noun} based on ${tech}, operated by ${provider.name} for the alliance.`,
        description:
          `${tech} ${noun.toLowerCase()} for research groups of all centres. ${provider.name} runs it in its ` +
          'own data centre, with support in German and English and documentation for new users.',
        motivation: `Groups at several centres asked for a shared ${noun.toLowerCase()}.`,
        category: family.category,
        api: random.chance(0.4),
        licence: random.pick(['open_source', 'open_source', 'mixed', 'proprietary'] as const),
        currentUsers: random.int(5, 8000),
        targetGroup: random.chance(0.5) ? ['researchers'] : ['researchers', 'students'],
        availability: random.pick(['best_effort', 'business_hours', '24x7'] as const),
      };
      const complete = completeFieldValues(profile, {
        domain,
        contactId: managerId,
        plannedStart: new Date(createdAt + 120 * DAY_MS).toISOString().slice(0, 10),
      });
      const fields = fieldsForState(complete, state, random.chance(0.3));
      const weighting: WeightingAnswers = planned
        ? Object.fromEntries(criteria.map((c) => [c.key, random.pick(c.options).key]))
        : {};
      const serviceKeywordNames = [...new Set([random.pick(family.keywords), random.pick(family.keywords), tech])];

      rows.push({
        id,
        service_id: serviceId,
        name,
        state,
        provider_institution_id: provider.id,
        object_owner_id: ownerId,
        service_owner_id: planned ? ownerId : null,
        service_manager_id: planned && state !== 'service_planned' ? managerId : null,
        fields,
        weighting,
        weighted_score: weighAnswers(criteria, weighting).score,
        service_type: categoriseService(fields),
        online_since: onlineSince === null ? null : new Date(onlineSince).toISOString(),
        online_until: onlineUntil === null ? null : new Date(onlineUntil).toISOString(),
        version: random.int(1, 30),
        created_at: new Date(createdAt).toISOString(),
        updated_at: new Date(updatedAt).toISOString(),
      });
      for (const keyword of serviceKeywordNames)
        links.push({ service_id: id, keyword_id: keywordIds.get(keyword.toLowerCase())! });
      if (planned && managerId !== ownerId && random.chance(0.3)) admins.push({ service_id: id, user_id: managerId });
      await flush(false);
    }
    await flush(true);
    // Fresh statistics for the planner: PGlite has no autovacuum daemon, so after a bulk load the
    // planner would otherwise keep estimating the tables as they were (and choose scans for joins).
    await tx.execute(sql`analyze ${services}, ${serviceKeywords}, ${serviceAdmins}, ${keywords}, ${auditEvents}`);
    return { generated: count, byState };
  });

/** A services row as the batch insert reads it from JSON (column names). */
interface GeneratedRow {
  id: string;
  service_id: string;
  name: string;
  state: ServiceState;
  provider_institution_id: string;
  object_owner_id: string;
  service_owner_id: string | null;
  service_manager_id: string | null;
  fields: FieldValues;
  weighting: WeightingAnswers;
  weighted_score: number;
  service_type: string;
  online_since: string | null;
  online_until: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/**
 * One batch as one JSON parameter per table, unpacked by jsonb_to_recordset: far less work per row
 * than a parameter per value (the query builder dominated the time with thousands of rows).
 */
const insertBatch = async (
  tx: Tx,
  rows: readonly GeneratedRow[],
  links: readonly { service_id: string; keyword_id: string }[],
  admins: readonly { service_id: string; user_id: string }[],
) => {
  const json = JSON.stringify(rows);
  await tx.execute(sql`
    insert into ${services} (id, service_id, name, state, provider_institution_id, object_owner_id, service_owner_id,
      service_manager_id, fields, weighting, weighted_score, service_type, online_since, online_until,
      version, created_at, updated_at)
    select id, service_id, name, state, provider_institution_id, object_owner_id, service_owner_id,
      service_manager_id, fields, weighting, weighted_score, service_type, online_since, online_until,
      version, created_at, updated_at
    from jsonb_to_recordset(${json}::jsonb) as r(id uuid, service_id text, name text, state text,
      provider_institution_id uuid, object_owner_id uuid, service_owner_id uuid, service_manager_id uuid, fields jsonb,
      weighting jsonb, weighted_score integer, service_type text, online_since timestamptz, online_until timestamptz,
      version integer, created_at timestamptz, updated_at timestamptz)`);
  await tx.execute(sql`
    insert into ${serviceKeywords} (service_id, keyword_id)
    select service_id, keyword_id from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as r(service_id uuid, keyword_id uuid)`);
  if (admins.length > 0)
    await tx.execute(sql`
      insert into ${serviceAdmins} (service_id, user_id)
      select service_id, user_id from jsonb_to_recordset(${JSON.stringify(admins)}::jsonb) as r(service_id uuid, user_id uuid)`);
  // Their history starts with the generation (actor: system).
  await tx.execute(sql`
    insert into ${auditEvents} (actor_id, actor_name, at, object_type, object_id, action, after)
    select null, 'system', created_at, 'service', id::text, 'service.created',
      jsonb_build_object('serviceId', service_id, 'state', state, 'name', name, 'generated', true)
    from jsonb_to_recordset(${json}::jsonb) as r(id uuid, service_id text, name text, state text,
      created_at timestamptz)`);
};

/** Ids of the keywords by lower-case name, creating the missing ones. */
const ensureKeywords = async (tx: Tx, names: readonly string[]): Promise<Map<string, string>> => {
  await tx
    .insert(keywords)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: keywords.id, name: keywords.name }).from(keywords);
  return new Map(rows.map((k) => [k.name.toLowerCase(), k.id]));
};
