import { DateInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatGermanDate, parseGermanDate } from './germanDate';
import { NARROW_INPUT } from './inputWidths';

export interface DateFieldInputProps {
  id: string;
  label: string;
  /** The accessible name, when the visible label is short (a moment's "Day" beside its "Time"). */
  'aria-label'?: string;
  description?: ReactNode;
  /** `YYYY-MM-DD`, or empty. */
  value: string;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
}

/**
 * A catalogue date: typed as `5.1.2024` or picked from a calendar in the page's language, weeks
 * starting on Monday; the form holds `YYYY-MM-DD` (ADR 19).
 */
export const DateFieldInput = ({ value, onChange, label, ...rest }: DateFieldInputProps) => {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.resolvedLanguage === 'de' ? 'de' : 'en', firstDayOfWeek: 1 }}>
      <DateInput
        {...rest}
        label={label}
        value={value || null}
        onChange={(next) => onChange(next ?? null)}
        valueFormat={(date) => formatGermanDate(date)}
        dateParser={parseGermanDate}
        placeholder={t('form.datePlaceholder')}
        clearable
        clearButtonProps={{ 'aria-label': t('form.clearDate', { label }) }}
        popoverProps={{ transitionProps: { duration: 0 } }}
        styles={NARROW_INPUT}
      />
    </DatesProvider>
  );
};
