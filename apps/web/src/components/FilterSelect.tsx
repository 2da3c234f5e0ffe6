import { NativeSelect, type NativeSelectProps } from '@mantine/core';

export interface FilterSelectProps {
  label: string;
  /** The first option, which clears the filter ("All states"). */
  all?: string;
  data: NonNullable<NativeSelectProps['data']>;
  value: string | null;
  /** Null when the person chose the first option. */
  onChange: (value: string | null) => void;
  /** Its width from the sm breakpoint on; a phone gives every filter the whole line. */
  width?: number;
}

/** One filter of a filter bar: a native select whose empty first option clears it. */
export const FilterSelect = ({ label, all, data, value, onChange, width }: FilterSelectProps) => (
  <NativeSelect
    label={label}
    data={all === undefined ? data : [{ value: '', label: all }, ...data]}
    value={value ?? ''}
    onChange={(event) => onChange(event.currentTarget.value || null)}
    w={width ? { base: '100%', sm: width } : undefined}
  />
);
