import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A state in a table cell or a line: a light fill with text in the bright colour (legible in both
 * schemes), written as the catalogue writes it and never narrower than its word.
 */
export const StatusBadge = ({ color, children }: { color?: MantineColor; children: ReactNode }) => (
  <Badge color={color} variant="light" c="bright" tt="none" miw="max-content">
    {children}
  </Badge>
);
