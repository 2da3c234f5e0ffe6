import type { ServiceSummary } from '@nubes/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n, loadScreenMessages } from '../../i18n/i18n';
import { selectedCsvFilename, servicesCsv } from './serviceCsv';

const service: ServiceSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  serviceId: 'SVC-00001',
  name: '=HYPERLINK("x")',
  state: 'service_online',
  providerInstitution: { id: 'i', abbreviation: 'HPCN', name: 'HPC Centre North' },
  shortDescription: 'Fast, "big" storage',
  serviceType: 'infrastructure',
  score: 12.5,
  keywords: ['storage', 'hpc'],
  updatedAt: '2026-03-01T09:30:00.000Z',
  onlineSince: null,
};

describe('selected services as CSV', () => {
  it('has the columns, translations and format of the server export', async () => {
    initI18n('en');
    // A logged-in list's words: the catalogues' screens part (ADR 0026).
    await loadScreenMessages();
    const t = i18next.t.bind(i18next);
    const lines = servicesCsv([service], t).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFService ID,Name,Status,Provider,Service type,Weighted score,Keywords,Short description,Last edit,Online since',
    );
    expect(lines[1]).toBe(
      `SVC-00001,"'=HYPERLINK(""x"")",Service Online,HPC Centre North,Infrastructure (IaaS),12.5,"storage, hpc","Fast, ""big"" storage","1.3.2026, 10:30",`,
    );
    expect(lines[2]).toBe('');
  });

  it('names the file like the server does, marked as a selection', () => {
    expect(selectedCsvFilename(new Date('2026-11-24T12:00:00Z'))).toBe('services-selected-2026-11-24.csv');
  });
});
