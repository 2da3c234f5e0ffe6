import type { ResourcePackage, ResourceType } from '@nubes/domain';

/** A resource type with nested objects, a list of objects, an enum and limits: what the policy form must handle. */
export const OPENSTACK_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  title: 'OpenStack project',
  required: ['flavors', 'network'],
  properties: {
    flavors: {
      type: 'array',
      title: 'Flavors',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name', 'vcpus'],
        properties: {
          name: { type: 'string', title: 'Flavor name' },
          vcpus: { type: 'integer', title: 'vCPUs', minimum: 1, maximum: 64 },
          ram_gb: { type: 'number', title: 'RAM (GB)', minimum: 1 },
        },
      },
    },
    network: {
      type: 'object',
      title: 'Network',
      required: ['access'],
      properties: {
        access: { type: 'string', title: 'Access', enum: ['private', 'public'] },
        floating_ips: { type: 'integer', title: 'Floating IPs', minimum: 0, maximum: 10 },
      },
    },
    backup: { type: 'boolean', title: 'Backup' },
  },
} as const;

export const openstackType = (over: Partial<ResourceType> = {}): ResourceType => ({
  id: '6f1c0c39-1d7b-4a77-9a39-0c2b7f7e0a01',
  key: 'openstack-project',
  name: { en: 'OpenStack project', de: 'OpenStack-Projekt' },
  description: { en: 'A project in the OpenStack cloud', de: 'Ein Projekt in der OpenStack-Cloud' },
  quotaUnit: { en: 'vCPUs', de: 'vCPUs' },
  schema: OPENSTACK_SCHEMA as unknown as Record<string, unknown>,
  retired: false,
  version: 1,
  packageCount: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const storageType = (over: Partial<ResourceType> = {}): ResourceType => ({
  id: '6f1c0c39-1d7b-4a77-9a39-0c2b7f7e0a02',
  key: 'object-storage',
  name: { en: 'Object storage', de: 'Objektspeicher' },
  description: { en: 'S3 buckets', de: 'S3-Buckets' },
  quotaUnit: { en: 'TB', de: 'TB' },
  schema: {
    type: 'object',
    properties: { buckets: { type: 'integer', title: 'Buckets', minimum: 1 } },
  },
  retired: false,
  version: 3,
  packageCount: 0,
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

export const POLICY = {
  flavors: [{ name: 'm1.small', vcpus: 2, ram_gb: 4 }],
  network: { access: 'private', floating_ips: 1 },
};

export const resourcePackage = (over: Partial<ResourcePackage> = {}): ResourcePackage => ({
  id: '0b5e7a10-3d6c-4a1e-9d2f-5f0a6a1d2c01',
  service: {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    serviceId: 'HPCN-0001',
    name: 'Cloud Compute',
    state: 'service_online',
  },
  provider: null,
  name: 'Small projects',
  type: {
    id: openstackType().id,
    key: 'openstack-project',
    name: openstackType().name,
    quotaUnit: openstackType().quotaUnit,
    retired: false,
  },
  quota: 128,
  policyNames: ['small'],
  policy: POLICY,
  state: 'draft',
  version: 4,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  updatedBy: null,
  submittedAt: null,
  submittedBy: null,
  decidedAt: null,
  decidedBy: null,
  reviewComment: null,
  actions: ['submit'],
  canEdit: true,
  ...over,
});

/**
 * A type like the demo's HPC compute time: defaults, yes/no fields, a unit, German words, and GPU
 * fields that only a ticked "GPUs allowed" brings (if/then).
 */
export const HPC_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    partition: {
      title: 'Partition',
      'x-translations': { de: { title: 'Partition' } },
      enum: ['standard', 'gpu'],
      default: 'standard',
    },
    max_wall_time_hours: {
      title: 'Longest job',
      'x-unit': 'hours',
      'x-translations': { de: { title: 'Längster Job', unit: 'Stunden' } },
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 168,
      default: 24,
    },
    gpu: {
      title: 'GPUs',
      'x-translations': { de: { title: 'GPUs' } },
      type: 'object',
      properties: {
        enabled: { title: 'GPUs allowed', 'x-translations': { de: { title: 'GPUs erlaubt' } }, type: 'boolean' },
      },
      required: ['enabled'],
      if: { properties: { enabled: { const: true } }, required: ['enabled'] },
      then: {
        properties: {
          type: { title: 'GPU model', 'x-translations': { de: { title: 'GPU-Modell' } }, enum: ['A100', 'H100'] },
          hours: { title: 'GPU hours per year', type: 'integer', minimum: 0 },
        },
        required: ['type', 'hours'],
      },
      unevaluatedProperties: false,
    },
    backfill: { title: 'Backfill', type: 'boolean' },
  },
  required: ['partition', 'max_wall_time_hours', 'gpu'],
  additionalProperties: false,
} as const;

export const hpcType = (over: Partial<ResourceType> = {}): ResourceType => ({
  id: '6f1c0c39-1d7b-4a77-9a39-0c2b7f7e0a03',
  key: 'hpc-core-hours',
  name: { en: 'HPC compute time', de: 'HPC-Rechenzeit' },
  description: { en: 'Batch jobs', de: 'Batch-Jobs' },
  quotaUnit: { en: 'core hours', de: 'Core-Stunden' },
  schema: HPC_SCHEMA as unknown as Record<string, unknown>,
  retired: false,
  version: 1,
  packageCount: 0,
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...over,
});
