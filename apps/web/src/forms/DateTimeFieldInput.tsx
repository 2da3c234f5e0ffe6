import { Group, Input } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFieldInput } from './DateFieldInput';
import { NARROW_INPUT } from './inputWidths';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the day (`YYYY-MM-DD`) and time (`HH:mm`) it is in the person's time zone. */
export const localParts = (iso: string): { day: string; time: string } => {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return { day: '', time: '' };
  return {
    day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
};

/** A day and a time in the person's time zone as the moment (`…Z`); '' while either is missing. */
export const momentOf = (day: string, time: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return '';
  const date = new Date(`${day}T${time}:00`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
};

export interface DateTimeFieldInputProps {
  id: string;
  label: string;
  description?: ReactNode;
  /** The moment as an ISO date-time, or '' while not (fully) given. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
}

/**
 * A moment: the day typed as `5.1.2024` or picked (DateFieldInput) and the time as `14:30`, both in
 * the person's time zone; the form holds the moment as an ISO date-time, which the domain's
 * schemas check. The day's input carries `id`, so focus on a message lands on it.
 */
export const DateTimeFieldInput = ({
  id,
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  required,
}: DateTimeFieldInputProps) => {
  const { t } = useTranslation();
  const [parts, setParts] = useState(() => localParts(value));
  // A value set from outside (a reset, a conflict's choice) replaces what the inputs hold; while
  // typing, the value follows the parts (an incomplete moment is '').
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== momentOf(parts.day, parts.time)) setParts(localParts(value));
  }
  const change = (next: { day: string; time: string }) => {
    setParts(next);
    onChange(momentOf(next.day, next.time));
  };
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} labelElement="div">
      <Group gap="sm" align="flex-start" wrap="wrap" mt={4}>
        <DateFieldInput
          id={id}
          label={t('form.dateTimeDay')}
          aria-label={t('form.dateTimeDayOf', { label })}
          value={parts.day}
          onChange={(day) => change({ ...parts, day: day ?? '' })}
          onBlur={onBlur}
          error={Boolean(error)}
        />
        <TimeInput
          id={`${id}-time`}
          label={t('form.dateTimeTime')}
          aria-label={t('form.dateTimeTimeOf', { label })}
          value={parts.time}
          onChange={(event) => change({ ...parts, time: event.currentTarget.value })}
          onBlur={onBlur}
          error={Boolean(error)}
          styles={NARROW_INPUT}
        />
      </Group>
    </Input.Wrapper>
  );
};
