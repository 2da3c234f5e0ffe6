import { describe, expect, it } from 'vitest';
import {
  canAssignServiceRoles,
  canEditService,
  canManageAdmins,
  canRequestRoleChange,
  canSeeService,
  type ServiceRelation,
} from './access.js';

const none: ServiceRelation = {
  roles: [],
  state: 'application_draft',
  isObjectOwner: false,
  isServiceOwner: false,
  isAdmin: false,
  isServiceManager: false,
  isProviderManager: false,
  hasServiceManager: false,
};
const as = (patch: Partial<ServiceRelation>): ServiceRelation => ({ ...none, ...patch });

describe('service visibility', () => {
  it('shows a draft only to its provider side and the portfolio managers', () => {
    expect(canSeeService(as({ isObjectOwner: true }))).toBe(true);
    expect(canSeeService(as({ roles: ['servicePortfolioManager'] }))).toBe(true);
    expect(canSeeService(as({ roles: ['portalManager'] }))).toBe(true);
    expect(canSeeService(as({ roles: ['serviceProvider'] }))).toBe(false);
    expect(canSeeService(as({ roles: ['serviceIntegrationManager'] }))).toBe(false);
  });

  it('hides a draft application from its provider manager, shows it once handed in', () => {
    expect(canSeeService(as({ isProviderManager: true }))).toBe(false);
    expect(canSeeService(as({ isProviderManager: true, roles: ['contactManager'] }))).toBe(false);
    for (const state of ['application_received', 'service_information_draft', 'service_online'] as const)
      expect(canSeeService(as({ isProviderManager: true, state })), state).toBe(true);
    expect(canSeeService(as({ isProviderManager: true, isServiceManager: true }))).toBe(true);
  });

  it('shows other services to the reader roles only', () => {
    for (const role of ['serviceProvider', 'cloudServiceDesk', 'serviceIntegrationManager'])
      expect(canSeeService(as({ roles: [role], state: 'service_online' })), role).toBe(true);
    for (const role of ['contactManager', 'voManager', 'resourcePackageManager'])
      expect(canSeeService(as({ roles: [role], state: 'service_online' })), role).toBe(false);
    expect(canSeeService(as({ state: 'service_online' }))).toBe(false);
  });
});

describe('editing and roles', () => {
  it('lets the provider side edit only in the draft states, the portfolio manager everywhere but retired', () => {
    expect(canEditService(as({ isAdmin: true, state: 'service_information_draft' }))).toBe(true);
    expect(canEditService(as({ isAdmin: true, state: 'service_online' }))).toBe(false);
    expect(canEditService(as({ roles: ['servicePortfolioManager'], state: 'service_online' }))).toBe(true);
    expect(canEditService(as({ roles: ['servicePortfolioManager'], state: 'service_retired' }))).toBe(false);
  });

  it('gives owner and admins the manager rights only while no manager is set', () => {
    expect(canRequestRoleChange(as({ isServiceOwner: true }))).toBe(true);
    expect(canRequestRoleChange(as({ isServiceOwner: true, hasServiceManager: true }))).toBe(false);
    expect(canRequestRoleChange(as({ isServiceManager: true, hasServiceManager: true }))).toBe(true);
    expect(canManageAdmins(as({ isServiceOwner: true, state: 'service_online' }))).toBe(true);
    expect(canManageAdmins(as({ isObjectOwner: true, state: 'service_online' }))).toBe(false);
  });

  it('lets the object owner assign roles while drafting, the portfolio manager always', () => {
    expect(canAssignServiceRoles(as({ isObjectOwner: true }))).toBe(true);
    expect(canAssignServiceRoles(as({ isObjectOwner: true, state: 'service_online' }))).toBe(false);
    expect(canAssignServiceRoles(as({ roles: ['servicePortfolioManager'], state: 'service_online' }))).toBe(true);
  });
});
