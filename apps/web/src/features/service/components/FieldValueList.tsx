import { Anchor, Text } from '@mantine/core';
import {
  APPLICATION_FIELDS,
  type FieldDefinition,
  type FieldValues,
  type Keyword,
  type ServiceDetail,
} from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { displayValue } from '../../../components/fieldDisplay';
import { localized } from '../../../i18n/localized';
import { draftFromService } from '../formModel';

export interface FieldValueListProps {
  fields: readonly FieldDefinition[];
  values: FieldValues;
  refs?: ServiceDetail['refs'];
  keywords?: readonly Keyword[];
}

/** Fields read-only, as a description list: label, then the value as a person reads it. */
export const FieldValueList = ({ fields, values, refs, keywords }: FieldValueListProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <dl className="service-facts">
      {fields.map((field) => {
        const value = values[field.key];
        const text = displayValue(field, value, { t, language, refs, keywords });
        return (
          <div key={field.key} style={{ display: 'contents' }}>
            <dt>{localized(field.label, language)}</dt>
            <dd>
              {!text ? (
                <Text span c="dimmed">
                  {t('serviceView.notFilled')}
                </Text>
              ) : field.type === 'url' && typeof value === 'string' ? (
                <Anchor href={value} target="_blank" rel="noreferrer noopener">
                  {text}
                </Anchor>
              ) : (
                text
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
};

/** A service's application, read-only: what the application form asked, as the service holds it now. */
export const ApplicationValues = ({ service }: { service: ServiceDetail }) => (
  <FieldValueList
    fields={APPLICATION_FIELDS}
    values={draftFromService(service).fields}
    refs={service.refs}
    keywords={service.keywords}
  />
);
