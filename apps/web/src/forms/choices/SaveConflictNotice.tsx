import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConflictSide } from './saveConflict';
import type { SaveConflict } from './useSaveConflict';
import { ValueChoices } from './ValueChoices';

export interface SaveConflictNoticeProps {
  conflict: SaveConflict;
  /** A field's label, by the key the form compares. */
  label: (key: string) => string;
  /** A field's value as a person reads it. */
  text: (key: string, value: unknown) => string;
}

/**
 * What a form shows after its save met someone else's change (ADR 0085): that the typing is kept,
 * which of their values it took, and per field both changed their value beside this person's,
 * the changed words marked, with "Take theirs" and "Keep mine". Nothing shows without a conflict.
 */
export const SaveConflictNotice = ({ conflict, label, text }: SaveConflictNoticeProps) => {
  const { t } = useTranslation();
  if (!conflict.open) return null;
  const rows = conflict.rows.map((row) => ({
    key: row.key,
    label: label(row.key),
    from: text(row.key, row.theirs),
    to: text(row.key, row.mine),
  }));
  return (
    <Alert color="yellow" title={t('form.saveConflict.title')} role="status" data-testid="save-conflict">
      <Stack gap="sm">
        <Text size="sm">{t('form.saveConflict.text')}</Text>
        {conflict.taken.length > 0 && (
          <Text size="sm">{t('form.saveConflict.taken', { fields: conflict.taken.map(label).join(', ') })}</Text>
        )}
        {rows.length > 0 && (
          <ValueChoices<ConflictSide>
            rows={rows}
            fromLabel={t('form.saveConflict.theirs')}
            toLabel={t('form.saveConflict.mine')}
            options={[
              { value: 'theirs', label: t('form.saveConflict.takeTheirs') },
              { value: 'mine', label: t('form.saveConflict.keepMine') },
            ]}
            chosen={conflict.choices}
            onChoose={conflict.choose}
            choiceLabel={t('form.saveConflict.choice')}
            undecidedLabel={t('form.saveConflict.undecided')}
          />
        )}
        {conflict.undecided > 0 && (
          <Text size="sm" fw={600} id="save-conflict-waiting">
            {t('form.saveConflict.waiting', { count: conflict.undecided })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
};
