import { FIELDS_BY_KEY, type ServiceDetail } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { SaveConflictNotice } from '../../../forms/choices/SaveConflictNotice';
import type { SaveConflict } from '../../../forms/choices/useSaveConflict';
import { displayValue } from '../../../components/fieldDisplay';
import { NAME_KEY, PROVIDER_KEY } from '../formModel';
import { localized } from '../../../i18n/localized';

/** A service save that met someone else's change: the fields by their labels, the values as the service view reads them. */
export const ServiceSaveConflict = ({ conflict, service }: { conflict: SaveConflict; service: ServiceDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const label = (key: string) => {
    if (key === NAME_KEY) return t('serviceView.name');
    if (key === PROVIDER_KEY) return t('serviceView.provider');
    const field = FIELDS_BY_KEY.get(key);
    return field ? localized(field.label, language) : key;
  };
  const text = (key: string, value: unknown) => {
    const field = FIELDS_BY_KEY.get(key);
    const shown =
      key === PROVIDER_KEY
        ? value === service.providerInstitution?.id
          ? (service.providerInstitution?.name ?? '')
          : String(value ?? '')
        : field
          ? displayValue(field, value, { t, language, refs: service.refs, keywords: service.keywords })
          : String(value ?? '');
    return shown || t('serviceView.emptyValue');
  };
  return <SaveConflictNotice conflict={conflict} label={label} text={text} />;
};
