import { Alert, Input, List, Loader, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { policyPlaceLabel, withoutHiddenFields } from '@nubes/domain';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonEditor } from '../../../components/json-editor';
import { parsePolicy, policyErrorTree, policyFieldErrors, policyText } from './policyText';

// rjsf and its Mantine theme are about 110 KB (gzip): only the screens that edit a policy load them.
const PolicySchemaForm = lazy(() =>
  import('./PolicySchemaForm').then((module) => ({ default: module.PolicySchemaForm })),
);

type View = 'form' | 'json';

export interface PolicyEditorProps {
  /** The policy as JSON text. */
  value: string;
  /** Without it the policy is shown read-only. */
  onChange?: (text: string) => void;
  /** The resource type's JSON Schema; without one only the JSON view is offered. */
  schema: Record<string, unknown> | null | undefined;
  /** The server's field messages; those keyed `policy/<JSON pointer>` show at their places. */
  serverErrors?: Readonly<Record<string, string>>;
  /** A message about the policy as a whole from the form layer ("Cannot save invalid JSON"). */
  error?: string;
  /** Check the policy against the schema while it is edited (once a save was tried). */
  showValidation?: boolean;
  /** Why there is no schema to build the form from (no type chosen yet, an unknown type). */
  noSchemaHint?: string;
}

/**
 * A policy in two views on the same text: a form generated from the resource type's JSON Schema
 * and the JSON editor. Each edit in one shows in the other; text that does not parse keeps the
 * form closed until it does (docs/adr/0032-json-policies-in-the-web.md).
 */
export const PolicyEditor = ({
  value,
  onChange,
  schema,
  serverErrors,
  error,
  showValidation = false,
  noSchemaHint,
}: PolicyEditorProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const id = useId();
  const parsed = useMemo(() => parsePolicy(value), [value]);
  const blank = value.trim() === '';
  const invalidJson = !parsed.ok && !blank;
  // The form unless the person chose the JSON view: also while the type (and so the schema) is
  // still to be chosen, where the form's place says so. Text that does not parse opens in JSON, the
  // only view that can mend it, and so does a policy whose type has no schema here.
  const [chosen, setChosen] = useState<View | null>(null);
  const formPossible = !invalidJson && (Boolean(schema) || blank);
  const view: View = formPossible ? (chosen ?? 'form') : 'json';
  const readOnly = !onChange;

  const placed = useMemo(() => policyFieldErrors(serverErrors), [serverErrors]);
  const tree = useMemo(() => policyErrorTree(placed), [placed]);
  const message = error ?? (invalidJson && !readOnly ? t('resourcePackageEditor.invalidJson') : undefined);
  const policyValue = parsed.ok ? parsed.value : undefined;
  const placeOf = (pointer: string) =>
    policyPlaceLabel(schema, pointer, policyValue, language) || t('resourcePackageEditor.wholePolicy');

  // Every refusal of the server in one list above the form too: a message about a field the form
  // does not show (or a yes/no box, whose message Mantine does not draw) is not lost.
  const refusals = placed.length > 0 && (
    <Alert color="red" variant="light" p="xs" title={t('resourcePackageEditor.serverErrors')}>
      <List size="sm">
        {placed.map(({ pointer, message: text }) => (
          <List.Item key={pointer}>
            <Text span fw={600} size="sm">
              {placeOf(pointer)}
            </Text>
            : {text}
          </List.Item>
        ))}
      </List>
    </Alert>
  );

  const fromForm = (next: unknown) => {
    if (!onChange || !parsed.ok) return;
    const text = policyText(schema ? withoutHiddenFields(schema, next) : next);
    // rjsf reports its state after every render it derives; only a real change reaches the text.
    if (text !== policyText(parsed.value)) onChange(text);
  };

  const viewsLabelId = `${id}-views`;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Input.Label component="div" id={`${id}-label`} required={!readOnly}>
          {t('resourcePackageEditor.policy')}
        </Input.Label>
        <Group gap="xs">
          <Text size="sm" id={viewsLabelId} c="dimmed">
            {t('resourcePackageEditor.views')}
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby={viewsLabelId}
            value={view}
            onChange={(next) => setChosen(next as View)}
            data={[
              { value: 'form', label: t('resourcePackageEditor.formView'), disabled: !formPossible },
              { value: 'json', label: t('resourcePackageEditor.jsonView') },
            ]}
          />
        </Group>
      </Group>
      {!schema && noSchemaHint && view === 'json' && (
        <Text size="sm" c="dimmed">
          {noSchemaHint}
        </Text>
      )}
      {invalidJson && schema && (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm">{t('resourcePackageEditor.formUnavailable')}</Text>
        </Alert>
      )}
      {view === 'form' && !(schema && parsed.ok) ? (
        <Paper withBorder p="md" bg="var(--mantine-color-default-hover)">
          <Text size="sm" c="dimmed">
            {noSchemaHint}
          </Text>
          {message && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert" mt={4}>
              {message}
            </Text>
          )}
        </Paper>
      ) : view === 'form' && schema && parsed.ok ? (
        <Stack gap={4} aria-labelledby={`${id}-label`} role="group">
          {refusals}
          <Suspense
            fallback={
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">{t('resourcePackageEditor.loadingForm')}</Text>
              </Group>
            }
          >
            <PolicySchemaForm
              schema={schema}
              value={parsed.value}
              onChange={readOnly ? undefined : fromForm}
              readOnly={readOnly}
              serverErrors={tree}
              showValidation={showValidation}
            />
          </Suspense>
          {message && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {message}
            </Text>
          )}
        </Stack>
      ) : (
        <>
          {refusals}
          <JsonEditor
            label={t('resourcePackageEditor.jsonLabel')}
            value={value}
            onChange={onChange}
            readOnly={readOnly}
            error={message}
            minHeight="14rem"
          />
        </>
      )}
    </Stack>
  );
};
