import type { AuditEvent, ResourcePackageState } from '@nubes/domain';
import type { Actor } from '../audit/actor.js';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents, resourcePackages, resourceTypes } from '../db/schema.js';
import { resourceTypeValues } from '../model/resource-type.js';
import { DEMO_RESOURCE_TYPES } from './resource-types.js';
import { insertBySystem } from './system-rows.js';
import type { DemoSeed } from './demo-seed.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One demo resource package: on which service, of which type, with its review so far. Who
 * created it, who submitted it when, and (approved or rejected) when rita decided and why.
 */
export interface DemoResourcePackage {
  service: string;
  type: string;
  name: string;
  quota: number;
  policyNames: string[];
  policy: Record<string, unknown>;
  state: ResourcePackageState;
  createdBy: string;
  createdDaysAgo: number;
  submittedBy?: string;
  submittedDaysAgo?: number;
  decidedDaysAgo?: number;
  /** The reviewer's reason for a rejection. */
  comment?: string;
}

/** Who decides the demo's reviews: the resource package manager. */
const REVIEWER = 'rita';

/**
 * Packages of every type in every review state, on online services. alice's HPC Batch Computing
 * and JupyterHub on HPC each have an approved package and a draft; six packages by different
 * people wait for rita's review, the oldest submitted nine days ago.
 */
export const DEMO_RESOURCE_PACKAGES: readonly DemoResourcePackage[] = [
  // HPC Batch Computing (alice)
  {
    service: 'HPC Batch Computing',
    type: 'hpc-core-hours',
    name: 'Standard CPU allocation',
    quota: 500_000,
    policyNames: ['hpcn-standard'],
    policy: {
      partition: 'standard',
      max_wall_time_hours: 48,
      max_nodes_per_job: 64,
      gpu: { enabled: false },
      qos: 'normal',
      project_storage_tb: 10,
    },
    state: 'approved',
    createdBy: 'alice',
    createdDaysAgo: 120,
    submittedBy: 'alice',
    submittedDaysAgo: 118,
    decidedDaysAgo: 115,
  },
  {
    service: 'HPC Batch Computing',
    type: 'hpc-core-hours',
    name: 'GPU project allocation',
    quota: 50_000,
    policyNames: ['hpcn-gpu'],
    policy: {
      partition: 'gpu',
      max_wall_time_hours: 24,
      max_nodes_per_job: 8,
      gpu: { enabled: true, type: 'H100', hours: 20_000 },
      qos: 'normal',
      project_storage_tb: 20,
    },
    state: 'draft',
    createdBy: 'alice',
    createdDaysAgo: 2,
  },
  {
    service: 'HPC Batch Computing',
    type: 'hpc-core-hours',
    name: 'Large-scale allocation',
    quota: 5_000_000,
    policyNames: ['hpcn-large', 'hpcn-large-mem'],
    policy: {
      partition: 'large-memory',
      max_wall_time_hours: 72,
      max_nodes_per_job: 256,
      gpu: { enabled: false },
      qos: 'high',
      project_storage_tb: 100,
    },
    state: 'submitted',
    createdBy: 'hnordmann',
    createdDaysAgo: 6,
    submittedBy: 'hnordmann',
    submittedDaysAgo: 4,
  },
  {
    service: 'HPC Batch Computing',
    type: 'hpc-core-hours',
    name: 'Long test jobs',
    quota: 20_000,
    policyNames: ['hpcn-test-long'],
    policy: {
      partition: 'test',
      max_wall_time_hours: 24,
      max_nodes_per_job: 4,
      gpu: { enabled: false },
      qos: 'debug',
    },
    state: 'rejected',
    createdBy: 'alice',
    createdDaysAgo: 40,
    submittedBy: 'alice',
    submittedDaysAgo: 38,
    decidedDaysAgo: 35,
    comment:
      'Jobs on the test partition may run one hour at most. Please lower the longest job to 1 hour or use the standard partition.',
  },
  // JupyterHub on HPC (alice)
  {
    service: 'JupyterHub on HPC',
    type: 'jupyterhub-profile',
    name: 'Teaching course profile',
    quota: 200,
    policyNames: ['jhub-teaching'],
    policy: {
      image: 'scipy-notebook',
      cpu_limit: 1,
      memory_gb: 4,
      gpu: false,
      idle_timeout_minutes: 60,
      persistent_storage_gb: 5,
      extra_packages: ['nbgrader', 'matplotlib==3.9.2'],
    },
    state: 'approved',
    createdBy: 'alice',
    createdDaysAgo: 90,
    submittedBy: 'alice',
    submittedDaysAgo: 89,
    decidedDaysAgo: 85,
  },
  {
    service: 'JupyterHub on HPC',
    type: 'jupyterhub-profile',
    name: 'GPU notebooks',
    quota: 25,
    policyNames: ['jhub-gpu'],
    policy: {
      image: 'pytorch-notebook',
      cpu_limit: 8,
      memory_gb: 64,
      gpu: true,
      idle_timeout_minutes: 30,
      persistent_storage_gb: 50,
      extra_packages: ['transformers', 'datasets'],
    },
    state: 'submitted',
    createdBy: 'jfischer',
    createdDaysAgo: 3,
    submittedBy: 'jfischer',
    submittedDaysAgo: 1,
  },
  {
    service: 'JupyterHub on HPC',
    type: 'jupyterhub-profile',
    name: 'Data science workshop',
    quota: 60,
    policyNames: ['jhub-workshop'],
    policy: {
      image: 'r-notebook',
      cpu_limit: 2,
      memory_gb: 8,
      gpu: false,
      idle_timeout_minutes: 1440,
      persistent_storage_gb: 10,
    },
    state: 'rejected',
    createdBy: 'alice',
    createdDaysAgo: 20,
    submittedBy: 'alice',
    submittedDaysAgo: 18,
    decidedDaysAgo: 15,
    comment: 'A whole day before idle servers stop keeps 60 servers running overnight. Please use at most 120 minutes.',
  },
  {
    service: 'JupyterHub on HPC',
    type: 'jupyterhub-profile',
    name: 'Research group default',
    quota: 40,
    policyNames: ['jhub-group'],
    policy: {
      image: 'datascience-notebook',
      cpu_limit: 4,
      memory_gb: 16,
      gpu: false,
      idle_timeout_minutes: 120,
      persistent_storage_gb: 100,
      extra_packages: ['xarray', 'netCDF4'],
    },
    state: 'draft',
    createdBy: 'alice',
    createdDaysAgo: 5,
  },
  // Virtual Machine Cloud (bob)
  {
    service: 'Virtual Machine Cloud',
    type: 'openstack-project',
    name: 'Small project',
    quota: 16,
    policyNames: ['vmc-small'],
    policy: {
      flavors: ['m1.small', 'm1.medium'],
      ram_gb: 32,
      instances: 8,
      volumes: { count: 8, size_gb: 500 },
      floating_ips: 2,
      networks: 1,
      image_visibility: 'private',
    },
    state: 'approved',
    createdBy: 'bob',
    createdDaysAgo: 200,
    submittedBy: 'bob',
    submittedDaysAgo: 199,
    decidedDaysAgo: 196,
  },
  {
    service: 'Virtual Machine Cloud',
    type: 'openstack-project',
    name: 'Medium project',
    quota: 64,
    policyNames: ['vmc-medium'],
    policy: {
      flavors: ['m1.small', 'm1.medium', 'm1.large', 'c1.highcpu'],
      ram_gb: 256,
      instances: 32,
      volumes: { count: 32, size_gb: 4000 },
      floating_ips: 4,
      networks: 2,
      image_visibility: 'shared',
    },
    state: 'approved',
    createdBy: 'bob',
    createdDaysAgo: 150,
    submittedBy: 'dwagner',
    submittedDaysAgo: 149,
    decidedDaysAgo: 147,
  },
  {
    service: 'Virtual Machine Cloud',
    type: 'openstack-project',
    name: 'GPU project',
    quota: 96,
    policyNames: ['vmc-gpu'],
    policy: {
      flavors: ['m1.large', 'g1.gpu-a100'],
      ram_gb: 768,
      instances: 6,
      volumes: { count: 12, size_gb: 12000 },
      floating_ips: 2,
      networks: 1,
      image_visibility: 'private',
    },
    state: 'submitted',
    createdBy: 'bob',
    createdDaysAgo: 5,
    submittedBy: 'bob',
    submittedDaysAgo: 2,
  },
  {
    service: 'Virtual Machine Cloud',
    type: 'openstack-project',
    name: 'Large project',
    quota: 256,
    policyNames: ['vmc-large'],
    policy: {
      flavors: ['m1.large', 'm1.xlarge', 'c1.highcpu'],
      ram_gb: 1024,
      instances: 100,
      volumes: { count: 100, size_gb: 50000 },
      floating_ips: 16,
      networks: 4,
      image_visibility: 'public',
    },
    state: 'rejected',
    createdBy: 'bob',
    createdDaysAgo: 30,
    submittedBy: 'bob',
    submittedDaysAgo: 29,
    decidedDaysAgo: 27,
    comment:
      'One project may hold at most 128 vCPUs, and public images need the security team’s review. Please split it into two medium projects.',
  },
  {
    service: 'Virtual Machine Cloud',
    type: 'openstack-project',
    name: 'Kubernetes worker pool',
    quota: 128,
    policyNames: ['vmc-k8s'],
    policy: {
      flavors: ['m1.xlarge'],
      ram_gb: 512,
      instances: 16,
      volumes: { count: 16, size_gb: 1600 },
      floating_ips: 1,
      networks: 2,
    },
    state: 'draft',
    createdBy: 'dwagner',
    createdDaysAgo: 4,
  },
  // S3 Object Storage (bob)
  {
    service: 'S3 Object Storage',
    type: 's3-storage',
    name: 'Standard buckets',
    quota: 50,
    policyNames: ['s3-standard'],
    policy: {
      buckets: 20,
      versioning: true,
      object_lock: false,
      retention_days: 0,
      access: 'private',
      lifecycle: { transition_to_cold_after_days: 180 },
    },
    state: 'approved',
    createdBy: 'bob',
    createdDaysAgo: 180,
    submittedBy: 'bob',
    submittedDaysAgo: 178,
    decidedDaysAgo: 176,
  },
  {
    service: 'S3 Object Storage',
    type: 's3-storage',
    name: 'Archive with object lock',
    quota: 200,
    policyNames: ['s3-worm'],
    policy: {
      buckets: 5,
      versioning: true,
      object_lock: true,
      retention_days: 3650,
      access: 'private',
      lifecycle: { transition_to_cold_after_days: 30 },
    },
    state: 'submitted',
    createdBy: 'dwagner',
    createdDaysAgo: 8,
    submittedBy: 'dwagner',
    submittedDaysAgo: 6,
  },
  {
    service: 'S3 Object Storage',
    type: 's3-storage',
    name: 'Public datasets',
    quota: 20,
    policyNames: ['s3-public'],
    policy: { buckets: 10, versioning: false, object_lock: false, access: 'public-read' },
    state: 'rejected',
    createdBy: 'bob',
    createdDaysAgo: 60,
    submittedBy: 'bob',
    submittedDaysAgo: 58,
    decidedDaysAgo: 50,
    comment:
      'Public-read buckets need a data protection review first. Please upload it to the service’s documents and submit again.',
  },
  {
    service: 'S3 Object Storage',
    type: 's3-storage',
    name: 'Lab backups',
    quota: 10,
    policyNames: ['s3-backup'],
    policy: {
      buckets: 3,
      versioning: true,
      object_lock: false,
      access: 'authenticated',
      lifecycle: { expire_days: 365, transition_to_cold_after_days: 30 },
    },
    state: 'draft',
    createdBy: 'bob',
    createdDaysAgo: 1,
  },
  // Further online services
  {
    service: 'Long-term Data Archive',
    type: 's3-storage',
    name: 'Ten-year archive',
    quota: 500,
    policyNames: ['ltda-10y'],
    policy: {
      buckets: 50,
      versioning: true,
      object_lock: true,
      retention_days: 3650,
      access: 'authenticated',
      lifecycle: { transition_to_cold_after_days: 7 },
    },
    state: 'approved',
    createdBy: 'bob',
    createdDaysAgo: 300,
    submittedBy: 'bob',
    submittedDaysAgo: 298,
    decidedDaysAgo: 290,
  },
  {
    service: 'Climate Data Archive',
    type: 's3-storage',
    name: 'Climate model output',
    quota: 1000,
    policyNames: ['cda-model-output'],
    policy: {
      buckets: 100,
      versioning: false,
      object_lock: false,
      access: 'authenticated',
      lifecycle: { transition_to_cold_after_days: 90 },
    },
    state: 'approved',
    createdBy: 'kpetersen',
    createdDaysAgo: 400,
    submittedBy: 'kpetersen',
    submittedDaysAgo: 399,
    decidedDaysAgo: 396,
  },
  {
    service: 'Remote Visualisation',
    type: 'openstack-project',
    name: 'Visualisation workstations',
    quota: 32,
    policyNames: ['rv-workstation'],
    policy: {
      flavors: ['g1.gpu-a100'],
      ram_gb: 256,
      instances: 4,
      volumes: { count: 4, size_gb: 2000 },
      floating_ips: 0,
      networks: 1,
      image_visibility: 'private',
    },
    state: 'submitted',
    createdBy: 'kpetersen',
    createdDaysAgo: 10,
    submittedBy: 'kpetersen',
    submittedDaysAgo: 9,
  },
  {
    service: 'Research Data Repository',
    type: 's3-storage',
    name: 'Repository storage',
    quota: 100,
    policyNames: ['rdr-storage'],
    policy: {
      buckets: 2,
      versioning: true,
      object_lock: true,
      retention_days: 3650,
      access: 'public-read',
    },
    state: 'submitted',
    createdBy: 'eostrowski',
    createdDaysAgo: 4,
    submittedBy: 'eostrowski',
    submittedDaysAgo: 3,
  },
];

const daysAgo = (now: Date, days: number, hour: number) => {
  const date = new Date(now.getTime() - days * DAY_MS);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

/** Seeds the demo resource types (by the system) and answers their ids by key. */
const seedDemoResourceTypes = async (tx: Tx, at: Date): Promise<Map<string, string>> => {
  await insertBySystem(tx, resourceTypes, DEMO_RESOURCE_TYPES, at, (row) => ({
    objectType: 'resourceType',
    objectId: row.id,
    action: 'resourceType.created',
    after: resourceTypeValues(row),
  }));
  const rows = await tx.select({ id: resourceTypes.id, key: resourceTypes.key }).from(resourceTypes);
  return new Map(rows.map((row) => [row.key, row.id]));
};

/**
 * Seeds the demo resource types and packages with their history: created (draft), submitted,
 * approved or rejected, each event by the person who took the step, and the row as those steps
 * left it (version, who and when, the reviewer's comment).
 */
export const seedDemoResourcePackages: DemoSeed = async (tx, serviceIds, userIds, now) => {
  const typeIds = await seedDemoResourceTypes(tx, daysAgo(now, 420, 8));
  const actor = (username: string): Actor => {
    const id = userIds.get(username);
    if (!id) throw new Error(`demo data: no user ${username}`);
    return { id, name: username };
  };
  for (const demo of DEMO_RESOURCE_PACKAGES) {
    const serviceId = serviceIds.get(demo.service);
    const typeId = typeIds.get(demo.type);
    if (!serviceId || !typeId) throw new Error(`demo data: package ${demo.name} on ${demo.service} of ${demo.type}`);
    const creator = actor(demo.createdBy);
    const createdAt = daysAgo(now, demo.createdDaysAgo, 10);
    const submitter = demo.submittedBy ? actor(demo.submittedBy) : null;
    const submittedAt = demo.submittedDaysAgo === undefined ? null : daysAgo(now, demo.submittedDaysAgo, 14);
    const decided = demo.state === 'approved' || demo.state === 'rejected';
    const reviewer = decided ? actor(REVIEWER) : null;
    const decidedAt = decided && demo.decidedDaysAgo !== undefined ? daysAgo(now, demo.decidedDaysAgo, 11) : null;
    const steps = (submitter ? 1 : 0) + (reviewer ? 1 : 0);
    const last = reviewer ?? submitter ?? creator;

    const [row] = await tx
      .insert(resourcePackages)
      .values({
        serviceId,
        typeId,
        name: demo.name,
        quota: demo.quota,
        policyNames: demo.policyNames,
        policy: demo.policy,
        state: demo.state,
        createdById: creator.id,
        updatedById: last.id,
        submittedAt,
        submittedById: submitter?.id ?? null,
        decidedAt,
        decidedById: reviewer?.id ?? null,
        reviewComment: demo.comment ?? null,
        version: 1 + steps,
        createdAt,
        updatedAt: decidedAt ?? submittedAt ?? createdAt,
      })
      .returning({ id: resourcePackages.id });
    const objectId = row!.id;
    const rows = [
      auditRowOf(
        creator,
        {
          objectType: 'resourcePackage',
          objectId,
          action: 'resourcePackage.created',
          after: {
            serviceId,
            state: 'draft',
            name: demo.name,
            type: demo.type,
            quota: demo.quota,
            policyNames: demo.policyNames,
            policy: demo.policy,
          },
        },
        createdAt,
      ),
    ];
    if (submitter && submittedAt)
      rows.push(
        auditRowOf(
          submitter,
          {
            objectType: 'resourcePackage',
            objectId,
            action: 'resourcePackage.submitted',
            before: { state: 'draft' },
            after: { state: 'submitted' },
          },
          submittedAt,
        ),
      );
    if (reviewer && decidedAt) {
      const decision: AuditEvent =
        demo.state === 'rejected'
          ? {
              objectType: 'resourcePackage',
              objectId,
              action: 'resourcePackage.rejected',
              before: { state: 'submitted' },
              after: { state: 'rejected', comment: demo.comment ?? '' },
            }
          : {
              objectType: 'resourcePackage',
              objectId,
              action: 'resourcePackage.approved',
              before: { state: 'submitted' },
              after: { state: 'approved' },
            };
      rows.push(auditRowOf(reviewer, decision, decidedAt));
    }
    await tx.insert(auditEvents).values(rows);
  }
};
