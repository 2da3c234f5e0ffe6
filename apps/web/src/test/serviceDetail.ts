import type { ServiceDetail } from '@nubes/domain';

/**
 * A service as GET /api/services/:id answers it for its provider in the application draft: no
 * values, no roles, every draft action open. Tests override what they are about.
 */
export const serviceDetail = (overrides: Partial<ServiceDetail> = {}): ServiceDetail => ({
  id: 'c0a80101-0000-4000-8000-000000000001',
  serviceId: 'SVC-00042',
  name: 'Cloud Storage',
  state: 'application_draft',
  version: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  providerInstitution: null,
  providerLogo: null,
  fields: {},
  keywords: [],
  weighting: {},
  score: 0,
  serviceType: 'uncategorised',
  documentsActive: false,
  onlineSince: null,
  onlineUntil: null,
  statusNotice: null,
  lock: null,
  roles: { objectOwner: null, serviceOwner: null, serviceManager: null, providerManager: null, admins: [] },
  roleChanges: [],
  permissions: {
    edit: true,
    editObjectOwner: false,
    assignRoles: true,
    manageAdmins: true,
    requestRoleChange: false,
    decideRoleChange: false,
    activateDocuments: false,
    manageDocuments: true,
    readRetirementPlan: true,
    editRetirementPlan: false,
    changeRequests: true,
    comment: true,
  },
  actions: ['completeApplication', 'withdrawApplication'],
  refs: { users: {}, institutions: {} },
  ...overrides,
});
