import { Button, Stack, Text } from '@mantine/core';
import { schemaAt, schemaWords } from '@nubes/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonEditor } from '../../../components/json-editor';
import { orderedEntries, policyValueText } from '../policy/policyReadout';
import { policyText } from '../policy/policyText';
import '../resource-packages.css';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const segment = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');

interface FieldsProps {
  schema: unknown;
  policy: unknown;
  value: Record<string, unknown>;
  pointer: string;
}

/** An object's fields as a fact list: the schema's title (else the key), the value with its unit; an inner object as a list of its own. */
const PolicyFields = ({ schema, policy, value, pointer }: FieldsProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <dl className="service-facts policy-facts">
      {orderedEntries(schemaAt(schema, pointer, policy), value).map(([name, inner]) => {
        const place = `${pointer}/${segment(name)}`;
        const field = schemaAt(schema, place, policy);
        const title = schemaWords(field, language).title ?? name;
        return (
          <div key={name} className="policy-facts-row">
            <dt>{title}</dt>
            <dd>
              {isObject(inner) && Object.keys(inner).length > 0 ? (
                <PolicyFields schema={schema} policy={policy} value={inner} pointer={place} />
              ) : (
                policyValueText(field, inner, language, t)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
};

/**
 * A package's policy as people read it: the type's titles, units and yes/no in the page's language
 * (the key where the schema names nothing), with the JSON a click away for those who want it.
 */
export const PolicyReadView = ({ policy, schema }: { policy: unknown; schema: unknown }) => {
  const { t } = useTranslation();
  const [json, setJson] = useState(false);
  return (
    <Stack gap="sm">
      {!isObject(policy) || Object.keys(policy).length === 0 ? (
        <Text c="dimmed">{t('resourcePackageViews.policyEmpty')}</Text>
      ) : (
        <PolicyFields schema={schema} policy={policy} value={policy} pointer="" />
      )}
      <div>
        <Button variant="subtle" size="compact-sm" onClick={() => setJson((shown) => !shown)} aria-expanded={json}>
          {t(json ? 'resourcePackageViews.hideJson' : 'resourcePackageViews.showJson')}
        </Button>
      </div>
      {json && (
        <JsonEditor
          label={t('resourcePackageViews.policyJson')}
          value={policyText(policy)}
          readOnly
          maxHeight="32rem"
        />
      )}
    </Stack>
  );
};
