import type { PublicService, PublicServiceDetail } from '@nubes/domain';

/**
 * A row of the public portfolio as GET /api/public/services answers it: service `n`, online since
 * January, of the HPC Centre North (odd n) or the Datacenter South (even n). Tests override what
 * they are about.
 */
export const publicService = (n: number, overrides: Partial<PublicService> = {}): PublicService => ({
  serviceId: `SVC-${String(n).padStart(5, '0')}`,
  name: `Service ${n}`,
  shortDescription: `What service ${n} does`,
  provider: n % 2 === 0 ? 'Datacenter South' : 'HPC Centre North',
  providerLogo: null,
  state: 'service_online',
  onlineSince: '2026-01-05T10:00:00.000Z',
  onlineUntil: null,
  statusNotice: null,
  downtime: null,
  ...overrides,
});

/**
 * A service's public page as GET /api/public/services/:serviceId answers it: Object Storage,
 * online, no downtime, with a text, a link and a mail address among its fields.
 */
export const publicServiceDetail = (overrides: Partial<PublicServiceDetail> = {}): PublicServiceDetail => ({
  serviceId: 'SVC-00003',
  name: 'Object Storage',
  provider: 'HPC Centre North',
  providerLogo: null,
  state: 'service_online',
  onlineSince: '2026-01-05T10:00:00.000Z',
  onlineUntil: null,
  statusNotice: null,
  retirement: null,
  downtimes: [],
  fields: [
    { key: 'shortDescription', label: 'Short description', kind: 'text', values: ['S3 for everyone'] },
    { key: 'website', label: 'Website', kind: 'url', values: ['https://storage.example'] },
    { key: 'supportEmail', label: 'Support e-mail', kind: 'email', values: ['help@storage.example'] },
  ],
  ...overrides,
});
