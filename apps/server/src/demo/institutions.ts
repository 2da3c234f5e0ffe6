/**
 * The demo alliance: six computing centres that provide services and the alliance office that
 * runs the portfolio. `domain` is the home organisation the dev IdP releases for the demo logins
 * (apps/server/src/dev-idp/accounts.ts), so a login lands at its centre. Abbreviations and
 * domains are the ones the service tests use (test/services-fixtures.ts).
 */
export interface DemoInstitution {
  abbreviation: string;
  name: string;
  description: string;
  url: string;
  domain: string;
  isCentre: boolean;
  isServiceProvider: boolean;
}

export const DEMO_INSTITUTIONS = [
  {
    abbreviation: 'HPCN',
    name: 'HPC Centre North',
    description: 'National high-performance computing centre; batch computing, GPU clusters and large-scale storage.',
    url: 'https://www.hpc-north.example',
    domain: 'hpc-north.example',
    isCentre: true,
    isServiceProvider: true,
  },
  {
    abbreviation: 'DCS',
    name: 'Datacenter South',
    description: 'Shared data centre of the southern universities; cloud infrastructure, archive and backup.',
    url: 'https://www.datacenter-south.example',
    domain: 'datacenter-south.example',
    isCentre: true,
    isServiceProvider: true,
  },
  {
    abbreviation: 'UW',
    name: 'University West Computing Centre',
    description: 'Computing centre of University West; collaboration tools and teaching infrastructure.',
    url: 'https://www.university-west.example',
    domain: 'university-west.example',
    isCentre: true,
    isServiceProvider: true,
  },
  {
    abbreviation: 'REC',
    name: 'Research Centre East',
    description: 'Research data management, repositories and persistent identifiers for the life sciences.',
    url: 'https://www.research-east.example',
    domain: 'research-east.example',
    isCentre: true,
    isServiceProvider: true,
  },
  {
    abbreviation: 'CCM',
    name: 'Cloud Centre Mitte',
    description: 'Container platforms and research software services for the central region.',
    url: 'https://www.cloud-mitte.example',
    domain: 'cloud-mitte.example',
    isCentre: true,
    isServiceProvider: true,
  },
  {
    abbreviation: 'KLC',
    name: 'Küstenlabor Computing',
    description: 'Computing for marine and climate research; data archive and visualisation.',
    url: 'https://www.coast-lab.example',
    domain: 'coast-lab.example',
    isCentre: true,
    isServiceProvider: true,
  },
  {
    abbreviation: 'NUBES',
    name: 'Nubes Alliance Office',
    description: 'The office of the alliance: service portfolio, integration and the service desk.',
    url: 'https://www.nubes-office.example',
    domain: 'nubes-office.example',
    isCentre: false,
    isServiceProvider: false,
  },
] as const satisfies readonly DemoInstitution[];

export type DemoCentre = Exclude<(typeof DEMO_INSTITUTIONS)[number]['abbreviation'], 'NUBES'>;

export const DEMO_CENTRES = DEMO_INSTITUTIONS.filter((i) => i.isServiceProvider).map(
  (i) => i.abbreviation,
) as DemoCentre[];

export const demoInstitution = (abbreviation: string) =>
  DEMO_INSTITUTIONS.find((i) => i.abbreviation === abbreviation)!;
