import { Box, Text } from '@mantine/core';
import { localizedSchema, violationMessage } from '@nubes/domain';
import type Core from '@rjsf/core';
import { Form, Templates } from '@rjsf/mantine';
import {
  errorId,
  TranslatableString,
  type BaseInputTemplateProps,
  type ErrorSchema,
  type FieldErrorProps,
  type RJSFSchema,
  type RJSFValidationError,
} from '@rjsf/utils';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolicyErrorTree } from './policyText';
import { policyValidator } from './policyValidator';
import './policy-form.css';

/** rjsf's strings by their English text (the enum's values), so its UI speaks the catalogue's words. */
const STRING_NAMES = new Map(
  Object.entries(TranslatableString).map(([name, english]) => [english as string, name] as const),
);

/**
 * Mantine's rjsf theme shows a field's messages inside its input and hides the list beside it;
 * an object or a list has no input, so its own messages (too few entries, a missing part) show here.
 */
const FieldErrorTemplate = ({ errors, fieldPathId, schema }: FieldErrorProps) => {
  if (!errors?.length) return null;
  const container = schema.type === 'object' || schema.type === 'array';
  return (
    <Box id={errorId(fieldPathId)} display={container ? undefined : 'none'} mt={4}>
      {errors.map((error, index) => (
        <Text key={index} size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      ))}
    </Box>
  );
};

const MantineBaseInput = Templates.BaseInputTemplate!;

/**
 * Mantine's number input pulls a number back into its range when the field is left (999 becomes
 * 168): the person would not learn that the value was refused. It keeps what was typed, and the
 * range's message says what is allowed.
 */
const BaseInputTemplate = (props: BaseInputTemplateProps) => {
  const numeric = props.schema.type === 'number' || props.schema.type === 'integer';
  return (
    <MantineBaseInput {...props} options={numeric ? { ...props.options, clampBehavior: 'none' } : props.options} />
  );
};

// The editor names the policy already; the schema's own title on top would say it twice. The
// surrounding form saves, so rjsf's submit button goes.
const UI_SCHEMA = { 'ui:label': false, 'ui:submitButtonOptions': { norender: true } };

export interface PolicySchemaFormProps {
  schema: Record<string, unknown>;
  value: unknown;
  onChange?: (value: unknown) => void;
  readOnly?: boolean;
  /** The server's messages at their places. */
  serverErrors?: PolicyErrorTree;
  /** Check the policy against the schema as it is typed (after the first save attempt). */
  showValidation?: boolean;
}

/**
 * The form generated from a resource type's JSON Schema (rjsf with the Mantine theme): labels
 * from the schema's titles, selects for enums, lists with add and remove. Loaded lazily by
 * PolicyEditor; its messages are the catalogue's (docs/adr/0032-json-policies-in-the-web.md).
 */
export const PolicySchemaForm = ({
  schema,
  value,
  onChange,
  readOnly = false,
  serverErrors,
  showValidation = false,
}: PolicySchemaFormProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  // Labels, descriptions and units in the page's language where the schema has them.
  const shown = useMemo(() => localizedSchema(schema, language), [schema, language]);

  const translateString = useMemo(
    () =>
      (english: TranslatableString, params?: string[]): string => {
        const name = STRING_NAMES.get(english);
        const values = Object.fromEntries((params ?? []).map((param, index) => [`p${index + 1}`, param]));
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the name comes from rjsf's enum, the catalogue holds every one
        return name ? t(`resourcePackageEditor.rjsf.${name}` as any, values) : english;
      },
    // The function is rjsf's registry entry: a new one per language re-renders the form's strings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language],
  );

  const transformErrors = useMemo(
    () =>
      (errors: RJSFValidationError[]): RJSFValidationError[] =>
        errors.map((error) => {
          const { key, params } = violationMessage({
            instancePath: error.schemaPath ?? '',
            keyword: error.name ?? '',
            params: (error.params ?? {}) as Record<string, unknown>,
          });
          const message = t(key, params);
          return { ...error, message, stack: message };
        }),
    [t],
  );

  // Live validation checks what changes; asking for it (after a save attempt) checks all there is.
  const form = useRef<Core>(null);
  useEffect(() => {
    if (showValidation) form.current?.validateForm();
  }, [showValidation, shown]);

  return (
    <Form
      ref={form}
      className="policy-form"
      schema={shown as RJSFSchema}
      formData={value}
      validator={policyValidator}
      onChange={(event) => onChange?.(event.formData)}
      readonly={readOnly}
      liveValidate={showValidation ? 'onChange' : undefined}
      showErrorList={false}
      noHtml5Validate
      transformErrors={transformErrors}
      translateString={translateString}
      extraErrors={serverErrors as ErrorSchema | undefined}
      templates={{ FieldErrorTemplate, BaseInputTemplate }}
      // The form shows the policy as it is: no defaults written into it unasked, so opening a
      // package changes nothing.
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'skipDefaults',
        arrayMinItems: { populate: 'never' },
      }}
      uiSchema={UI_SCHEMA}
      tagName="div"
    />
  );
};
