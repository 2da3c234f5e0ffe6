import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface BulkActionProps extends Pick<ButtonProps, 'color' | 'variant'> {
  /** The short words the button shows. */
  label: ReactNode;
  /** How many of the selected rows the action takes. */
  count: number;
  /** Why the button is off while it takes none of them (its title then). */
  none: string;
  onClick: () => void;
}

/** A button of a list's bulk bar: acts on the selected rows it fits, and says why it is off when it fits none. */
export const BulkAction = ({ label, count, none, ...props }: BulkActionProps) => (
  <Button size="compact-md" disabled={count === 0} title={count === 0 ? none : undefined} {...props}>
    {label}
  </Button>
);
