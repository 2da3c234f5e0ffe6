import {
  formatDate,
  isEmptyValue,
  type FieldDefinition,
  type FieldValue,
  type Keyword,
  type ServiceDetail,
} from '@nubes/domain';
import type { TFunction } from 'i18next';
import { localized } from '../i18n/localized';
import { institutionLabel } from './InstitutionSelect';
import { userLabel } from './UserPicker';

export interface DisplayContext {
  t: TFunction;
  language: string | undefined;
  refs?: ServiceDetail['refs'];
  keywords?: readonly Keyword[];
}

/** A stored value as a person reads it: option labels, names behind ids, German dates, yes/no. */
export const displayValue = (field: FieldDefinition, value: unknown, context: DisplayContext): string => {
  const { t, language, refs, keywords = [] } = context;
  if (isEmptyValue(value as FieldValue)) return '';
  const optionLabel = (key: unknown) => {
    const option = field.options?.find((candidate) => candidate.value === key);
    return option ? localized(option.label, language) : String(key);
  };
  switch (field.type) {
    case 'select':
      return optionLabel(value);
    case 'multiSelect':
      return Array.isArray(value) ? value.map(optionLabel).join(', ') : String(value);
    case 'boolean':
      return value === true ? t('serviceView.yes') : value === false ? t('serviceView.no') : String(value);
    case 'date':
      return typeof value === 'string' ? formatDate(`${value}T12:00:00Z`) || value : String(value);
    case 'contact': {
      const user = typeof value === 'string' ? refs?.users[value] : undefined;
      return user ? userLabel(user) : String(value);
    }
    case 'institution': {
      const institution = typeof value === 'string' ? refs?.institutions[value] : undefined;
      return institution ? institutionLabel(institution) : String(value);
    }
    case 'keywords':
      return Array.isArray(value)
        ? value.map((id) => keywords.find((keyword) => keyword.id === id)?.name ?? String(id)).join(', ')
        : String(value);
    case 'number':
      return String(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
};
