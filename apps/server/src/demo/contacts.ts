import {
  CONTACT_PROPERTY_KINDS,
  INSTITUTION_CONTACT_ROLES,
  SERVICE_CONTACT_ROLES,
  type ContactPropertyKind,
} from '@nubes/domain';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents, contactAddresses, contactProperties, contactRelations, contacts } from '../db/schema.js';
import { DEMO_SERVICES } from './catalogue.js';
import { DEMO_INSTITUTIONS } from './institutions.js';

/** Where each demo institution sits: the contacts' addresses. */
const PLACES: Record<string, { street: string; postalCode: string; city: string }> = {
  HPCN: { street: 'Nordring 12', postalCode: '24118', city: 'Kiel' },
  DCS: { street: 'Südallee 4', postalCode: '80333', city: 'München' },
  UW: { street: 'Westpark 7', postalCode: '48149', city: 'Münster' },
  REC: { street: 'Oststraße 21', postalCode: '04109', city: 'Leipzig' },
  CCM: { street: 'Mittelweg 3', postalCode: '34117', city: 'Kassel' },
  KLC: { street: 'Am Deich 9', postalCode: '26382', city: 'Wilhelmshaven' },
  NUBES: { street: 'Allianzplatz 1', postalCode: '37073', city: 'Göttingen' },
};

/** The demo's names, with the letters a search must fold; the bulk generator picks from them too. */
export const FIRSTNAMES = [
  'Jürgen',
  'Anna',
  'Björn',
  'Ülkü',
  'Käthe',
  'Sören',
  'Maximilian',
  'Zoë',
  'Lea',
  'Jörg',
  'Mia',
  'Özlem',
  'Günther',
  'Hannah',
  'Franziska',
  'Till',
  'Ingrid',
  'Malte',
  'Renée',
  'Paul',
  'Jana',
  'Christoph',
  'Bärbel',
  'Leon',
  'Sophie',
  'Moritz',
  'Greta',
  'Nils',
  'Emil',
  'Frieda',
  'Ole',
  'Marlene',
] as const;
export const LASTNAMES = [
  'Müller',
  'Schäfer',
  'Groß',
  'Köhler',
  'Schröder',
  'Bäcker',
  'Weiß',
  'Krüger',
  'Özdemir',
  'Lehmann',
  'Hoffmann',
  'Wöhler',
  'Braun',
  'Zimmermann',
  'Jäger',
  'Vogel',
  'Fuchs',
  'König',
  'Lange',
  'Schwarz',
  'Kühn',
  'Günther',
  'Hahn',
  'Möller',
  'Wolff',
  'Neumann',
  'Dürr',
  'Peters',
  'Sommer',
  'Böhm',
  'Friedrich',
] as const;

const PROPERTY_VALUES: Record<ContactPropertyKind, readonly string[]> = {
  platform: ['OpenStack', 'Kubernetes', 'Slurm', 'Ceph', 'JupyterHub', 'Nextcloud'],
  cluster: ['Nordlicht', 'Südwind', 'Westfalen-GPU', 'Elbe', 'Mittelgebirge', 'Küstennebel'],
  workingGroup: ['AG Speicher', 'AG Identitäten', 'AG Cloud-Betrieb', 'AG Forschungsdaten'],
  otherBoards: ['Lenkungskreis Rechenzentren', 'Beirat Digitalisierung', 'ZKI-Arbeitskreis'],
  role: ['Abteilungsleitung', 'Systemadministration', 'Datenschutzbeauftragte/r', 'Projektkoordination'],
  additionalInformation: [
    'Erreichbar dienstags bis donnerstags',
    'Bevorzugt Anrufe vor 10 Uhr',
    'Vertretung im Sommer',
  ],
};

/** Demo logins whose e-mail a contact shares, so the link between contact and user account shows. */
const LINKED_PEOPLE = [
  { firstname: 'Carla', lastname: 'Conti', email: 'carla@nubes-office.example', institution: 'NUBES' },
  { firstname: 'Alice', lastname: 'Adler', email: 'Alice@hpc-north.example', institution: 'HPCN' },
  { firstname: 'Bob', lastname: 'Brenner', email: 'bob@datacenter-south.example', institution: 'DCS' },
  { firstname: 'Paula', lastname: 'Portmann', email: 'paula@nubes-office.example', institution: 'NUBES' },
  { firstname: 'Rita', lastname: 'Rössler', email: 'rita@hpc-north.example', institution: 'HPCN' },
] as const;

const CONTACTS_PER_INSTITUTION = 8;

const ascii = (value: string) =>
  value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');

interface DemoContact {
  firstname: string;
  lastname: string;
  email: string;
  emailNotPersonal: boolean;
  institution: string;
  otherInstitution: string;
  notes: string;
  secondAddress: boolean;
  properties: { kind: ContactPropertyKind; value: string }[];
}

/** About sixty contacts: eight per institution, a few function mailboxes and the linked demo logins. */
const demoContacts = (): DemoContact[] => {
  const list: DemoContact[] = [];
  let n = 0;
  for (const institution of DEMO_INSTITUTIONS) {
    const domain = institution.domain;
    for (let i = 0; i < CONTACTS_PER_INSTITUTION; i += 1, n += 1) {
      const firstname = FIRSTNAMES[(n * 7) % FIRSTNAMES.length]!;
      const lastname = LASTNAMES[(n * 5 + i) % LASTNAMES.length]!;
      const mailbox = i === CONTACTS_PER_INSTITUTION - 1;
      const properties = CONTACT_PROPERTY_KINDS.filter((_kind, k) => (n + k) % 3 === 0).map((kind, k) => ({
        kind,
        value: PROPERTY_VALUES[kind][(n + k) % PROPERTY_VALUES[kind].length]!,
      }));
      list.push({
        firstname: mailbox ? 'Service' : firstname,
        lastname: mailbox ? 'Desk' : lastname,
        email: mailbox
          ? `servicedesk@${domain}`
          : n % 9 === 4
            ? ''
            : `${ascii(firstname)}.${ascii(lastname)}@${domain}`,
        emailNotPersonal: mailbox,
        institution: institution.abbreviation,
        otherInstitution: '',
        notes: n % 4 === 0 ? `Ansprechperson für ${institution.name}; kennt die Betriebsabläufe.` : '',
        secondAddress: n % 6 === 1,
        properties,
      });
    }
  }
  for (const person of LINKED_PEOPLE)
    list.push({
      ...person,
      emailNotPersonal: false,
      otherInstitution: '',
      notes: 'Hat auch ein Benutzerkonto im Portal.',
      secondAddress: false,
      properties: [{ kind: 'role', value: 'Projektkoordination' }],
    });
  list.push({
    firstname: 'Lütfiye',
    lastname: 'Aßmann',
    email: 'l.assmann@partner-lab.example',
    emailNotPersonal: false,
    institution: '',
    otherInstitution: 'Partnerlabor Bremerhaven',
    notes: 'Externe Partnerin ohne Einrichtung in der Allianz.',
    secondAddress: false,
    properties: [{ kind: 'otherBoards', value: 'Beirat Digitalisierung' }],
  });
  return list;
};

/**
 * Seeds the demo contacts with addresses, properties and relations: each service gets contacts of
 * its centre as owner and technical contact, each institution a contact point and a director.
 * Answers how many contacts were written.
 */
export const seedDemoContacts = async (
  tx: Tx,
  institutionIds: ReadonlyMap<string, string>,
  serviceIds: ReadonlyMap<string, string>,
  at: Date,
): Promise<number> => {
  const demo = demoContacts();
  const rows = await tx
    .insert(contacts)
    .values(
      demo.map((contact) => ({
        firstname: contact.firstname,
        lastname: contact.lastname,
        email: contact.email,
        emailNotPersonal: contact.emailNotPersonal,
        institutionId: contact.institution ? (institutionIds.get(contact.institution) ?? null) : null,
        otherInstitution: contact.otherInstitution,
        notes: contact.notes,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: contacts.id });
  const ids = rows.map((row) => row.id);

  await tx.insert(contactAddresses).values(
    demo.flatMap((contact, index) => {
      const place = PLACES[contact.institution] ?? {
        street: 'Am Handelshafen 12',
        postalCode: '27570',
        city: 'Bremerhaven',
      };
      const primary = { contactId: ids[index]!, position: 0, ...place, country: 'Deutschland', isPrimary: true };
      if (!contact.secondAddress) return [primary];
      return [
        { ...primary, isPrimary: false },
        {
          contactId: ids[index]!,
          position: 1,
          street: 'Homeoffice',
          postalCode: '',
          city: 'Hamburg',
          country: 'Deutschland',
          isPrimary: true,
        },
      ];
    }),
  );
  const properties = demo.flatMap((contact, index) =>
    contact.properties.map((property, position) => ({ contactId: ids[index]!, position, ...property })),
  );
  if (properties.length > 0) await tx.insert(contactProperties).values(properties);

  // Per institution the contacts in order: the first is the director, the second the contact point.
  const byInstitution = new Map<string, string[]>();
  demo.forEach((contact, index) => {
    if (!contact.institution || contact.emailNotPersonal) return;
    byInstitution.set(contact.institution, [...(byInstitution.get(contact.institution) ?? []), ids[index]!]);
  });
  const relations: (typeof contactRelations.$inferInsert)[] = [];
  for (const [abbreviation, members] of byInstitution) {
    const institutionId = institutionIds.get(abbreviation);
    if (!institutionId) continue;
    relations.push({ contactId: members[0]!, institutionId, role: INSTITUTION_CONTACT_ROLES[0] });
    relations.push({ contactId: members[1]!, institutionId, role: 'contactPoint' });
  }
  DEMO_SERVICES.forEach((service, index) => {
    const serviceId = serviceIds.get(service.name);
    const members = byInstitution.get(service.centre) ?? [];
    if (!serviceId || members.length < 4) return;
    relations.push({
      contactId: members[2 + (index % (members.length - 2))]!,
      serviceId,
      role: SERVICE_CONTACT_ROLES[0],
    });
    relations.push({
      contactId: members[2 + ((index + 1) % (members.length - 2))]!,
      serviceId,
      role: index % 2 === 0 ? 'technicalContact' : 'supportContact',
    });
  });
  await tx.insert(contactRelations).values(relations);

  await tx.insert(auditEvents).values(
    demo.map((contact, index) =>
      auditRowOf(
        SYSTEM_ACTOR,
        {
          objectType: 'contact',
          objectId: ids[index]!,
          action: 'contact.created',
          after: { firstname: contact.firstname, lastname: contact.lastname, email: contact.email },
        },
        at,
      ),
    ),
  );
  return ids.length;
};
