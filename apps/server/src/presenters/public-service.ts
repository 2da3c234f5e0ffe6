import {
  institutionLogoPath,
  SERVICE_FIELDS,
  type FieldDefinition,
  type Language,
  type PublicServiceDetail,
} from '@nubes/domain';
import type { PublicServiceRow } from '../queries/public-service.js';
import { statusNoticeOf } from './status-notice.js';

type PublicField = PublicServiceDetail['fields'][number];

const KIND_OF: Partial<Record<FieldDefinition['type'], PublicField['kind']>> = {
  longText: 'longText',
  url: 'url',
  email: 'email',
};

/** A field's values as text in the reader's language: option labels for selects, names for keywords. */
const valuesOf = (definition: FieldDefinition, row: PublicServiceRow, language: Language): string[] => {
  if (definition.type === 'keywords') return row.keywords;
  const raw = row.fields[definition.key];
  if (raw === null || raw === undefined || raw === '') return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((value) => {
    const option = definition.options?.find((candidate) => candidate.value === value);
    return option ? option.label[language] : String(value);
  });
};

/**
 * A service's public page: the catalogue's fields marked public (docs/adr/0045-public-portfolio-page.md),
 * in catalogue order, filled ones only. Nothing else of the service leaves the server.
 */
export const presentPublicService = (row: PublicServiceRow, language: Language): PublicServiceDetail => ({
  serviceId: row.serviceId,
  name: row.name,
  provider: row.provider?.name ?? '',
  providerLogo: row.provider?.hasLogo === true ? institutionLogoPath(row.provider.id, row.provider.version) : null,
  state: row.state,
  onlineSince: row.onlineSince?.toISOString() ?? null,
  onlineUntil: row.onlineUntil?.toISOString() ?? null,
  statusNotice: statusNoticeOf(row),
  retirement: row.retirement ?? null,
  downtimes: row.downtimes ?? [],
  fields: SERVICE_FIELDS.filter((definition) => definition.public).flatMap((definition) => {
    const values = valuesOf(definition, row, language);
    return values.length === 0
      ? []
      : [{ key: definition.key, label: definition.label[language], kind: KIND_OF[definition.type] ?? 'text', values }];
  }),
});
