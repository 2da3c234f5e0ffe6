import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionPanelProps {
  /** The heading's id, which names the panel for assistive technology. */
  id: string;
  title: ReactNode;
  /** `nav` for a table of contents. */
  component?: 'section' | 'nav';
  children: ReactNode;
}

/** A bordered part of a details page under its own second-level heading. */
export const SectionPanel = ({ id, title, component = 'section', children }: SectionPanelProps) => (
  <Paper withBorder p="md" component={component} aria-labelledby={id}>
    <Title order={2} size="h4" id={id} mb="xs">
      {title}
    </Title>
    {children}
  </Paper>
);
