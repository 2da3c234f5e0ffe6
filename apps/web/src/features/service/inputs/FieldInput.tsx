import { Box, Checkbox, Group, MultiSelect, NativeSelect, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import type { FieldDefinition, FieldValue, Keyword, ServiceDetail } from '@nubes/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldDomId } from '../formModel';
import { localized } from '../../../i18n/localized';
import { DateFieldInput } from '../../../forms/DateFieldInput';
import { inputMaxWidth, NARROW_INPUT } from '../../../forms/inputWidths';
import { InstitutionSelect } from '../../../components/InstitutionSelect';
import { KeywordsInput } from './KeywordsInput';
import { UserPicker } from '../../../components/UserPicker';

/** Longer option lists get a searchable multi-select instead of a column of checkboxes. */
const MAX_CHECKBOXES = 8;

export interface FieldInputProps {
  field: FieldDefinition;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  onBlur?: () => void;
  /** The translated message, tied to the input by Mantine (aria-describedby, aria-invalid). */
  error?: ReactNode;
  required?: boolean;
  /** Shown under the catalogue's help text (when the field becomes required, say). */
  hint?: ReactNode;
  /** Names behind contact and institution ids. */
  refs?: ServiceDetail['refs'];
  /** The service's keywords with their names. */
  keywords?: readonly Keyword[];
}

const asString = (value: FieldValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const asList = (value: FieldValue | undefined): string[] => (Array.isArray(value) ? [...value] : []);

/** "12" → 12, "" → null; anything else stays text, so the domain's check can name the problem. */
const parseNumber = (text: string): FieldValue => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : text;
};

const NumberField = ({
  value,
  onChange,
  ...rest
}: { value: FieldValue | undefined; onChange: (value: FieldValue) => void } & Record<string, unknown>) => {
  const [text, setText] = useState(() => asString(value));
  // Shows what was typed ("1," while typing 1,5) unless the value was changed from outside.
  const shown = parseNumber(text) === (value ?? null) ? text : asString(value);
  return (
    <TextInput
      {...rest}
      styles={NARROW_INPUT}
      inputMode="decimal"
      value={shown}
      onChange={(event) => {
        setText(event.currentTarget.value);
        onChange(parseNumber(event.currentTarget.value));
      }}
    />
  );
};

/**
 * One input per catalogue field type: label and help from the catalogue in the current language,
 * the message tied to the input. A new field of a known type needs no change here.
 */
export const FieldInput = (props: FieldInputProps) => (
  <Box maw={inputMaxWidth(props.field)}>
    <FieldInputControl {...props} />
  </Box>
);

const FieldInputControl = ({
  field,
  value,
  onChange,
  onBlur,
  error,
  required,
  hint,
  refs,
  keywords = [],
}: FieldInputProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const id = fieldDomId(field.key);
  const label = localized(field.label, language);
  const help = localized(field.help, language);
  const description = hint ? (
    <>
      {help} {hint}
    </>
  ) : (
    help
  );
  const common = { id, label, description, error, required, onBlur };
  const options = (field.options ?? []).map((option) => ({
    value: option.value,
    label: localized(option.label, language),
  }));

  switch (field.type) {
    case 'text':
    case 'hostname':
      return (
        <TextInput
          {...common}
          value={asString(value)}
          spellCheck={field.type === 'text'}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'url':
      return (
        <TextInput
          {...common}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={asString(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'email':
      return (
        <TextInput
          {...common}
          type="email"
          autoComplete="email"
          value={asString(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'longText':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={12}
          value={asString(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'date':
      return <DateFieldInput {...common} value={asString(value)} onChange={onChange} />;
    case 'number':
      return <NumberField {...common} value={value} onChange={onChange} />;
    case 'select':
      return (
        <NativeSelect
          {...common}
          data={[{ value: '', label: t('serviceView.notChosen') }, ...options]}
          value={asString(value)}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case 'multiSelect':
      if (options.length > MAX_CHECKBOXES) {
        return (
          <MultiSelect
            {...common}
            searchable
            data={options}
            value={asList(value)}
            onChange={(next) => onChange(next)}
            comboboxProps={{ transitionProps: { duration: 0 } }}
          />
        );
      }
      return (
        <Checkbox.Group
          label={label}
          description={description}
          error={error}
          required={required}
          value={asList(value)}
          onChange={(next) => onChange(next)}
        >
          <Stack gap="xs" mt="xs" onBlur={onBlur}>
            {options.map((option, index) => (
              <Checkbox
                key={option.value}
                id={index === 0 ? id : undefined}
                value={option.value}
                label={option.label}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'boolean':
      return (
        <Radio.Group
          label={label}
          description={description}
          error={error}
          required={required}
          name={id}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(next) => onChange(next === 'yes')}
        >
          <Group gap="lg" mt="xs" onBlur={onBlur}>
            <Radio id={id} value="yes" label={t('serviceView.yes')} />
            <Radio value="no" label={t('serviceView.no')} />
          </Group>
        </Radio.Group>
      );
    case 'contact': {
      const userId = typeof value === 'string' && value ? value : null;
      return (
        <UserPicker
          {...common}
          value={userId}
          known={userId ? (refs?.users[userId] ?? null) : null}
          onChange={(user) => onChange(user?.id ?? null)}
        />
      );
    }
    case 'institution': {
      const institutionId = typeof value === 'string' && value ? value : null;
      return (
        <InstitutionSelect
          {...common}
          value={institutionId}
          known={institutionId ? (refs?.institutions[institutionId] ?? null) : null}
          onChange={onChange}
        />
      );
    }
    case 'keywords':
      return <KeywordsInput {...common} value={asList(value)} known={keywords} onChange={(ids) => onChange(ids)} />;
  }
};
