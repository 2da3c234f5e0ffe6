import { CONTACT_PROPERTY_KINDS, SERVICE_CONTACT_ROLES } from '@nubes/domain';
import { auditRowOf } from '../audit/record-audit.js';
import type { Db } from '../db/client.js';
import {
  auditEvents,
  contactAddresses,
  contactProperties,
  contactRelations,
  contacts,
  institutions,
  services,
} from '../db/schema.js';
import { FIRSTNAMES as DEMO_FIRSTNAMES, LASTNAMES as DEMO_LASTNAMES } from './contacts.js';
import { prng } from './generate-services.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const FIRSTNAMES = [...DEMO_FIRSTNAMES, 'Aylin', 'Dmitri', 'Chiara'] as const;
const LASTNAMES = [
  ...DEMO_LASTNAMES,
  'Yılmaz',
  'Nowak',
  'Kowalski',
  'Rossi',
  'Jansen',
  'Schmitt',
  'Becker',
  'Hofmann',
  'Schulz',
  'Keller',
  'Lorenz',
] as const;
const CITIES = ['Kiel', 'München', 'Münster', 'Leipzig', 'Kassel', 'Wilhelmshaven', 'Göttingen', 'Köln', 'Jena'];
const VALUES = [
  'OpenStack',
  'Kubernetes',
  'Slurm',
  'Ceph',
  'JupyterHub',
  'Nordlicht',
  'Südwind',
  'AG Speicher',
  'AG Identitäten',
  'Beirat Digitalisierung',
  'Systemadministration',
  'Projektkoordination',
] as const;

const ascii = (value: string) =>
  value
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');

export interface GenerateContactsOptions {
  count: number;
  seed?: number;
  now?: Date;
  batchSize?: number;
}

/**
 * Contacts for benchmarks and trying the Contact Database at scale: German names (umlauts
 * included) at the institutions there are, one primary address each, up to three properties,
 * every fifth related to a service, each with its created event. Needs institutions first (the
 * demo data).
 */
export const generateContacts = (db: Db, options: GenerateContactsOptions) =>
  db.transaction(async (tx) => {
    const { count, batchSize = 1000 } = options;
    const random = prng(options.seed ?? 1);
    const now = (options.now ?? new Date()).getTime();
    const institutionRows = await tx.select({ id: institutions.id }).from(institutions);
    const serviceRows = await tx.select({ id: services.id }).from(services);
    for (let start = 0; start < count; start += batchSize) {
      const batch: (typeof contacts.$inferInsert & { firstname: string; lastname: string })[] = [];
      for (let i = start; i < Math.min(count, start + batchSize); i += 1) {
        const firstname = random.pick(FIRSTNAMES);
        const lastname = random.pick(LASTNAMES);
        const at = new Date(now - random.int(1, 700) * DAY_MS);
        batch.push({
          firstname,
          lastname,
          email: random.chance(0.9) ? `${ascii(firstname)}.${ascii(lastname)}.${i + 1}@example.org` : '',
          institutionId: institutionRows.length > 0 && random.chance(0.85) ? random.pick(institutionRows).id : null,
          otherInstitution: random.chance(0.1) ? `Partnerlabor ${random.pick(CITIES)}` : '',
          notes: random.chance(0.2) ? `Generated contact ${i + 1}, ${random.pick(VALUES)}` : '',
          createdAt: at,
          updatedAt: at,
        });
      }
      const inserted = await tx
        .insert(contacts)
        .values(batch)
        .returning({ id: contacts.id, createdAt: contacts.createdAt });
      await tx.insert(contactAddresses).values(
        inserted.map((row) => ({
          contactId: row.id,
          position: 0,
          street: `Hauptstraße ${random.int(1, 200)}`,
          postalCode: String(random.int(10_000, 99_999)),
          city: random.pick(CITIES),
          country: 'Deutschland',
          isPrimary: true,
        })),
      );
      const properties = inserted.flatMap((row) =>
        Array.from({ length: random.int(0, 3) }, (_unused, position) => ({
          contactId: row.id,
          position,
          kind: random.pick(CONTACT_PROPERTY_KINDS),
          value: random.pick(VALUES),
        })),
      );
      if (properties.length > 0) await tx.insert(contactProperties).values(properties);
      const relations = serviceRows.length
        ? inserted
            .filter(() => random.chance(0.2))
            .map((row) => ({
              contactId: row.id,
              serviceId: random.pick(serviceRows).id,
              role: random.pick(SERVICE_CONTACT_ROLES),
            }))
        : [];
      if (relations.length > 0) await tx.insert(contactRelations).values(relations);
      await tx.insert(auditEvents).values(
        inserted.map((row, index) =>
          auditRowOf(
            { id: null, name: 'generator' },
            {
              objectType: 'contact',
              objectId: row.id,
              action: 'contact.created',
              after: { firstname: batch[index]!.firstname, lastname: batch[index]!.lastname, generated: true },
            },
            row.createdAt,
          ),
        ),
      );
    }
    return { generated: count };
  });
