import { describe, expect, it } from 'vitest';
import { renderMail } from '../mail/render.js';
import type { ServiceRelation } from '../services/access.js';
import { availableTransitions } from '../services/workflow.js';
import { isProviderSide } from '../services/access.js';
import { canManageDowntimes, downtimeDescription, downtimeState } from './downtime.js';
import { announceDowntimeRequestSchema, extendDowntimeRequestSchema } from './schemas.js';

const times = { startsAt: '2027-03-01T08:00:00Z', endsAt: '2027-03-01T12:00:00Z', cancelledAt: null };

describe('a downtime’s state', () => {
  it('is coming before the start, current from the start, ended from the end', () => {
    expect(downtimeState(new Date('2027-03-01T07:59:59Z'), times)).toBe('coming');
    expect(downtimeState(new Date('2027-03-01T08:00:00Z'), times)).toBe('current');
    expect(downtimeState(new Date('2027-03-01T11:59:59Z'), times)).toBe('current');
    expect(downtimeState(new Date('2027-03-01T12:00:00Z'), times)).toBe('ended');
  });

  it('is cancelled whenever it was cancelled', () => {
    const cancelled = { ...times, cancelledAt: '2027-02-01T00:00:00Z' };
    expect(downtimeState(new Date('2027-03-01T09:00:00Z'), cancelled)).toBe('cancelled');
  });
});

describe('a downtime’s description', () => {
  it('is the reader’s language, else the other', () => {
    expect(downtimeDescription('de', { descriptionEn: 'Upgrade', descriptionDe: 'Aktualisierung' })).toBe(
      'Aktualisierung',
    );
    expect(downtimeDescription('de', { descriptionEn: 'Upgrade', descriptionDe: '' })).toBe('Upgrade');
    expect(downtimeDescription('en', { descriptionEn: ' ', descriptionDe: 'Aktualisierung' })).toBe('Aktualisierung');
  });
});

describe('the announcement', () => {
  const valid = { severity: 'outage', startsAt: times.startsAt, endsAt: times.endsAt, descriptionEn: 'Upgrade' };

  it('takes outage or degraded, an end after the start and one description', () => {
    expect(announceDowntimeRequestSchema.parse(valid)).toEqual({
      severity: 'outage',
      startsAt: times.startsAt,
      endsAt: times.endsAt,
      descriptionEn: 'Upgrade',
      descriptionDe: '',
    });
    expect(announceDowntimeRequestSchema.safeParse({ ...valid, startsAt: '2027-03-01T09:00:00+01:00' }).success).toBe(
      true,
    );
  });

  it('names the field that fails', () => {
    const issues = (value: object) =>
      announceDowntimeRequestSchema
        .safeParse(value)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ ...valid, endsAt: times.startsAt })).toEqual([['endsAt', 'downtimes.errors.endBeforeStart']]);
    expect(issues({ ...valid, descriptionEn: '  ' })).toEqual([
      ['descriptionEn', 'downtimes.errors.descriptionRequired'],
    ]);
    expect(issues({ ...valid, severity: 'minor' })).toEqual([['severity', 'validation.option']]);
    expect(issues({ ...valid, startsAt: '2027-03-01' })).toEqual([['startsAt', 'validation.date']]);
    expect(issues({ ...valid, descriptionDe: 'x'.repeat(2001) })).toEqual([['descriptionDe', 'validation.tooLong']]);
    expect(issues({ ...valid, extra: 1 })?.[0]?.[0]).toBe('');
  });

  it('extends with a moment and the version', () => {
    expect(extendDowntimeRequestSchema.safeParse({ endsAt: times.endsAt, version: 1 }).success).toBe(true);
    expect(extendDowntimeRequestSchema.safeParse({ endsAt: times.endsAt, version: 0 }).success).toBe(false);
  });
});

describe('who manages a service’s downtimes', () => {
  const relation = (overrides: Partial<ServiceRelation>): ServiceRelation => ({
    roles: [],
    state: 'service_online',
    isObjectOwner: false,
    isServiceOwner: false,
    isAdmin: false,
    isServiceManager: false,
    isProviderManager: false,
    hasServiceManager: false,
    ...overrides,
  });

  it('is whoever may take the service’s catalogue steps: its provider side and the portfolio manager', () => {
    const cases = [
      relation({ isServiceOwner: true }),
      relation({ isAdmin: true }),
      relation({ isObjectOwner: true }),
      relation({ isServiceManager: true }),
      relation({ isProviderManager: true }),
      relation({ roles: ['servicePortfolioManager'] }),
      relation({ roles: ['serviceIntegrationManager'] }),
      relation({ roles: ['serviceProvider'] }),
    ];
    for (const r of cases) {
      const mayStep = availableTransitions('service_online', {
        roles: r.roles,
        isProviderSide: isProviderSide(r),
      }).some((rule) => rule.action === 'notAvailable');
      expect(canManageDowntimes(r), JSON.stringify(r)).toBe(mayStep);
    }
  });
});

describe('a downtime’s mail', () => {
  it('names its kind, times and description in the reader’s language', () => {
    const mail = renderMail('de', {
      kind: 'downtimeAnnounced',
      productName: 'Nubes',
      serviceName: 'Storage',
      serviceNumber: 'SVC-00001',
      actorName: 'Alice',
      downtime: { severity: 'outage', ...times, descriptionEn: 'Upgrade', descriptionDe: 'Aktualisierung' },
      link: 'https://portal/sc/services/1',
      settingsLink: 'https://portal/profile/mail',
    });
    expect(mail.subject).toBe('[Nubes] Storage: Ausfallzeit angekündigt, 1.3.2027, 09:00 bis 1.3.2027, 13:00');
    expect(mail.text).toContain('Ausfall vom 1.3.2027, 09:00 bis 1.3.2027, 13:00');
    expect(mail.text).toContain('> Aktualisierung');
  });
});
