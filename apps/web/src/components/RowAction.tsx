import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RowActionProps extends Pick<ButtonProps, 'loading' | 'disabled' | 'color' | 'variant'> {
  /** The short word the button shows. */
  label: ReactNode;
  /** What a screen reader hears: the action with the row or line it acts on. */
  'aria-label': string;
  onClick: () => void;
}

/** A small button acting on one table row or header line, named for screen readers with what it acts on. */
export const RowAction = ({ label, variant = 'default', ...props }: RowActionProps) => (
  <Button size="compact-sm" variant={variant} {...props}>
    {label}
  </Button>
);
