import type { ResourcePackage, ResourcePackageReviewRow, ResourceType } from '@nubes/domain';

/**
 * The resource types and packages the web tests build on, one module: the types (and their JSON
 * Schemas) as the admin panel's API answers them, a package of each kind as the service's API
 * answers it, and a review list row. Tests override what they are about.
 */

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

/** A resource type as the admin panel's API answers it: what the three below share. */
const resourceType = (
  over: Partial<ResourceType> & Pick<ResourceType, 'id' | 'key' | 'name' | 'description' | 'quotaUnit' | 'schema'>,
): ResourceType => ({ retired: false, version: 1, packageCount: 0, updatedAt: '2026-11-21T10:00:00.000Z', ...over });

/** The same words in English and German, or each language's. */
const words = (en: string, de = en) => ({ en, de });

export const openstackType = (over: Partial<ResourceType> = {}): ResourceType =>
  resourceType({
    id: '6f1c0c39-1d7b-4a77-9a39-0c2b7f7e0a01',
    key: 'openstack-project',
    name: words('OpenStack project', 'OpenStack-Projekt'),
    description: words('A project in the OpenStack cloud', 'Ein Projekt in der OpenStack-Cloud'),
    quotaUnit: words('vCPUs'),
    schema: OPENSTACK_SCHEMA as unknown as Record<string, unknown>,
    packageCount: 2,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  });

export const storageType = (over: Partial<ResourceType> = {}): ResourceType =>
  resourceType({
    id: '6f1c0c39-1d7b-4a77-9a39-0c2b7f7e0a02',
    key: 'object-storage',
    name: words('Object storage', 'Objektspeicher'),
    description: words('S3 buckets', 'S3-Buckets'),
    quotaUnit: words('GB'),
    schema: { type: 'object', properties: { buckets: { type: 'integer', title: 'Buckets', minimum: 1 } } },
    version: 3,
    ...over,
  });

/** A package's type as a package answer names it. */
const typeRef = ({ id, key, name, quotaUnit, retired }: ResourceType): ResourcePackage['type'] => ({
  id,
  key,
  name,
  quotaUnit,
  retired,
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
  type: typeRef(openstackType()),
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

const CLOUD_STORAGE = {
  id: 'c0a80101-0000-4000-8000-000000000001',
  serviceId: 'SVC-00042',
  name: 'Cloud Storage',
  state: 'service_online',
} as const;

const HPCN = { id: 'i-hpcn', abbreviation: 'HPCN', name: 'HPC Centre North' };

const ALICE = { id: 'u-alice', username: 'alice', fullname: 'Alice Example', email: 'alice@example.org' };

/**
 * An object storage package of Cloud Storage as GET /api/services/:id/resource-packages/:packageId
 * answers it for its provider, alice: a draft she may edit and submit.
 */
export const storagePackage = (over: Partial<ResourcePackage> = {}): ResourcePackage =>
  resourcePackage({
    id: 'c0a80101-0000-4000-8000-000000000010',
    service: CLOUD_STORAGE,
    provider: HPCN,
    name: 'Project storage S',
    type: typeRef(storageType()),
    quota: 1500,
    policyNames: ['storage-s'],
    policy: { buckets: 10, versioning: true },
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-21T10:30:00.000Z',
    updatedBy: ALICE,
    ...over,
  });

/** A review list row of the storage package, submitted, as a reviewer sees it. */
export const reviewRow = (over: Partial<ResourcePackageReviewRow> = {}): ResourcePackageReviewRow => {
  const { id, name, service, provider, type, quota } = storagePackage();
  return {
    id: id.replace(/10$/, '11'),
    name,
    service: { id: service.id, serviceId: service.serviceId, name: service.name },
    provider: provider && { abbreviation: provider.abbreviation, name: provider.name },
    type: { name: type.name, quotaUnit: type.quotaUnit },
    quota,
    state: 'submitted',
    version: 5,
    submittedAt: '2026-11-22T08:15:00.000Z',
    submittedBy: ALICE.fullname,
    actions: ['approve', 'reject'],
    ...over,
  };
};

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

export const hpcType = (over: Partial<ResourceType> = {}): ResourceType =>
  resourceType({
    id: '6f1c0c39-1d7b-4a77-9a39-0c2b7f7e0a03',
    key: 'hpc-core-hours',
    name: words('HPC compute time', 'HPC-Rechenzeit'),
    description: words('Batch jobs', 'Batch-Jobs'),
    quotaUnit: words('core hours', 'Core-Stunden'),
    schema: HPC_SCHEMA as unknown as Record<string, unknown>,
    ...over,
  });
