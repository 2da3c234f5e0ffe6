import type { DemoCentre } from './institutions.js';

/**
 * Staff of the centres who own or run demo services but have no demo login: they exist so that
 * the services of the other centres have owners and the user pickers find more than the logins.
 * They have no identity (issuer/subject), so nobody can log in as them.
 */
export interface DemoStaff {
  username: string;
  fullname: string;
  centre: DemoCentre;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  { username: 'hnordmann', fullname: 'Henrik Nordmann', centre: 'HPCN' },
  { username: 'jfischer', fullname: 'Julia Fischer', centre: 'HPCN' },
  { username: 'dwagner', fullname: 'Daniel Wagner', centre: 'DCS' },
  { username: 'shuber', fullname: 'Sabine Huber', centre: 'DCS' },
  { username: 'uweber', fullname: 'Ulrike Weber', centre: 'UW' },
  { username: 'jhartmann', fullname: 'Jonas Hartmann', centre: 'UW' },
  { username: 'eostrowski', fullname: 'Elena Ostrowski', centre: 'REC' },
  { username: 'tkraemer', fullname: 'Tobias Krämer', centre: 'REC' },
  { username: 'mschneider', fullname: 'Miriam Schneider', centre: 'CCM' },
  { username: 'lbecker', fullname: 'Lukas Becker', centre: 'CCM' },
  { username: 'kpetersen', fullname: 'Kai Petersen', centre: 'KLC' },
  { username: 'hjensen', fullname: 'Hanna Jensen', centre: 'KLC' },
];

/** Who owns and runs the services of each centre: the object owner, service owner, manager and admins. */
export interface CentreTeam {
  /** Creates the applications (object owner) and owns the services. */
  owner: string;
  /** Service manager of the services that have one. */
  manager: string;
  /** Further admins (service operation group). */
  admins: readonly string[];
  /** The centre's provider manager. */
  providerManager: string;
}

export const CENTRE_TEAMS: Record<DemoCentre, CentreTeam> = {
  HPCN: { owner: 'alice', manager: 'hnordmann', admins: ['jfischer', 'rita'], providerManager: 'hnordmann' },
  DCS: { owner: 'bob', manager: 'dwagner', admins: ['shuber', 'victor'], providerManager: 'shuber' },
  UW: { owner: 'uweber', manager: 'jhartmann', admins: ['jhartmann'], providerManager: 'uweber' },
  REC: { owner: 'eostrowski', manager: 'tkraemer', admins: ['tkraemer'], providerManager: 'eostrowski' },
  CCM: { owner: 'mschneider', manager: 'lbecker', admins: ['lbecker'], providerManager: 'mschneider' },
  KLC: { owner: 'kpetersen', manager: 'hjensen', admins: ['hjensen'], providerManager: 'kpetersen' },
};
