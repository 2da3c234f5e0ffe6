import './choices.css';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { WordDiff } from './WordDiff';

/** One field to choose for: the value being replaced and the one replacing it, as text. */
export interface ValueChoiceRow {
  key: string;
  label: string;
  from: string;
  to: string;
  /** Said under the two values (a change since the request was made, say). */
  note?: ReactNode;
}

export interface ChoiceOption<O extends string> {
  value: O;
  label: string;
}

export interface ValueChoicesProps<O extends string> {
  rows: readonly ValueChoiceRow[];
  /** What the two sides are ("Current value" → "New value", "Saved by someone else" → "Yours"). */
  fromLabel: string;
  toLabel: string;
  /** The two answers per field, the one that keeps `from` first. */
  options: readonly [ChoiceOption<O>, ChoiceOption<O>];
  chosen: Readonly<Record<string, O | null | undefined>>;
  /** Absent: the choices are shown, not made. */
  onChoose?: (key: string, value: O) => void;
  /** What is chosen ("Decision"); with the field's label it names the pair of buttons for screen readers. */
  choiceLabel: string;
  /** Shown where nothing was chosen, read-only. */
  undecidedLabel: string;
  disabled?: boolean;
}

const SIDES = ['from', 'to'] as const;

/**
 * A choice between two values per field, with the changed words marked: the portfolio manager's
 * Accept/Discard of a change request, the stale fields of its apply, and a save that met someone
 * else's change (the form layer's save conflicts, ADR 0085). Rows, not a table, so the two values
 * and the buttons keep their room on a phone.
 */
export const ValueChoices = <O extends string>({
  rows,
  fromLabel,
  toLabel,
  options,
  chosen,
  onChoose,
  choiceLabel,
  undecidedLabel,
  disabled = false,
}: ValueChoicesProps<O>) => (
  <Stack gap="sm">
    {rows.map((row) => {
      const value = chosen[row.key] ?? null;
      return (
        <div key={row.key} className="value-choice" data-field={row.key}>
          <Text fw={700} mb={4}>
            {row.label}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={4}>
            {SIDES.map((side) => (
              <div key={side}>
                <Text size="sm" fw={500}>
                  {side === 'from' ? fromLabel : toLabel}
                </Text>
                <Text size="sm" component="div">
                  <WordDiff from={row.from} to={row.to} side={side} />
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {row.note}
          {onChoose ? (
            <Group gap="xs" mt="xs" role="group" aria-label={`${choiceLabel}: ${row.label}`}>
              {options.map((option) => (
                <Button
                  key={option.value}
                  size="compact-md"
                  variant={value === option.value ? 'filled' : 'default'}
                  aria-pressed={value === option.value}
                  disabled={disabled}
                  onClick={() => onChoose(row.key, option.value)}
                >
                  {option.label}
                </Button>
              ))}
            </Group>
          ) : (
            <Text size="sm" mt={4}>
              <Text span fw={500} inherit>
                {choiceLabel}:
              </Text>{' '}
              {options.find((option) => option.value === value)?.label ?? undecidedLabel}
            </Text>
          )}
        </div>
      );
    })}
  </Stack>
);
