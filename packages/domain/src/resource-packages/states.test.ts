import { describe, expect, it } from 'vitest';
import type { ServiceRelation } from '../services/access.js';
import {
  canChangeResourcePackage,
  canEditResourcePackages,
  canSeeResourcePackage,
  resourcePackageActions,
} from './states.js';

const relation = (over: Partial<ServiceRelation> = {}): ServiceRelation => ({
  roles: [],
  state: 'service_online',
  isObjectOwner: false,
  isServiceOwner: false,
  isAdmin: false,
  isServiceManager: false,
  isProviderManager: false,
  hasServiceManager: false,
  ...over,
});

const owner = relation({ roles: ['serviceProvider'], isObjectOwner: true });
const reviewer = relation({ roles: ['resourcePackageManager'] });
const spm = relation({ roles: ['servicePortfolioManager'] });
const reader = relation({ roles: ['serviceProvider'] });

describe('resource package review table', () => {
  it('lets the provider side submit a draft and withdraw a submission, and nothing else', () => {
    expect(resourcePackageActions(owner, 'draft')).toEqual(['submit']);
    expect(resourcePackageActions(owner, 'submitted')).toEqual(['withdraw']);
    expect(resourcePackageActions(owner, 'approved')).toEqual([]);
  });

  it('lets the reviewer approve or reject only what was submitted', () => {
    expect(resourcePackageActions(reviewer, 'submitted')).toEqual(['approve', 'reject']);
    expect(resourcePackageActions(reviewer, 'draft')).toEqual([]);
    expect(resourcePackageActions(reviewer, 'rejected')).toEqual([]);
  });

  it('gives the portal manager both sides', () => {
    const pm = relation({ roles: ['portalManager'] });
    expect(resourcePackageActions(pm, 'submitted')).toEqual(['withdraw', 'approve', 'reject']);
  });

  it('lets editors change a package except while it is submitted, and never on a retired service', () => {
    expect(canChangeResourcePackage(owner, 'approved')).toBe(true);
    expect(canChangeResourcePackage(owner, 'submitted')).toBe(false);
    expect(canChangeResourcePackage(spm, 'rejected')).toBe(true);
    expect(canEditResourcePackages({ ...owner, state: 'service_retired' })).toBe(false);
    expect(canEditResourcePackages(reader)).toBe(false);
    expect(canEditResourcePackages(reviewer)).toBe(false);
  });

  it('shows reviewers submitted packages but not drafts of services they cannot see', () => {
    expect(canSeeResourcePackage(reviewer, 'submitted')).toBe(true);
    expect(canSeeResourcePackage(reviewer, 'draft')).toBe(false);
    expect(canSeeResourcePackage(reader, 'draft')).toBe(true);
    expect(canSeeResourcePackage({ ...reader, state: 'application_draft' }, 'approved')).toBe(false);
  });
});
