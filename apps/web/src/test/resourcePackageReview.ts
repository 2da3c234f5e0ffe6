import type { ResourcePackage, ResourcePackageReviewRow } from '@nubes/domain';

const SERVICE = {
  id: 'c0a80101-0000-4000-8000-000000000001',
  serviceId: 'SVC-00042',
  name: 'Cloud Storage',
  state: 'service_online',
} as const;

const TYPE = {
  id: 'c0a80101-0000-4000-8000-0000000000a1',
  key: 'object-storage',
  name: { en: 'Object storage', de: 'Objektspeicher' },
  quotaUnit: { en: 'GB', de: 'GB' },
  retired: false,
};

const ALICE = { id: 'u-alice', username: 'alice', fullname: 'Alice Example', email: 'alice@example.org' };

/**
 * A resource package as GET /api/services/:id/resource-packages/:packageId answers it for its
 * provider: a draft she may edit and submit. Tests override what they are about.
 */
export const resourcePackage = (overrides: Partial<ResourcePackage> = {}): ResourcePackage => ({
  id: 'c0a80101-0000-4000-8000-000000000010',
  service: SERVICE,
  provider: { id: 'i-hpcn', abbreviation: 'HPCN', name: 'HPC Centre North' },
  name: 'Project storage S',
  type: TYPE,
  quota: 1500,
  policyNames: ['storage-s'],
  policy: { buckets: 10, versioning: true },
  state: 'draft',
  version: 4,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T10:30:00.000Z',
  updatedBy: ALICE,
  submittedAt: null,
  submittedBy: null,
  decidedAt: null,
  decidedBy: null,
  reviewComment: null,
  actions: ['submit'],
  canEdit: true,
  ...overrides,
});

/** A review list row of a submitted package, as a reviewer sees it. */
export const reviewRow = (overrides: Partial<ResourcePackageReviewRow> = {}): ResourcePackageReviewRow => ({
  id: 'c0a80101-0000-4000-8000-000000000011',
  name: 'Project storage S',
  service: SERVICE,
  provider: { id: 'i-hpcn', abbreviation: 'HPCN', name: 'HPC Centre North' },
  type: TYPE,
  quota: 1500,
  state: 'submitted',
  version: 5,
  submittedAt: '2026-11-22T08:15:00.000Z',
  submittedBy: ALICE,
  updatedAt: '2026-11-22T08:15:00.000Z',
  actions: ['approve', 'reject'],
  ...overrides,
});
