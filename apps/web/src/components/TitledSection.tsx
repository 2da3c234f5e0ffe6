import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TitledSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}

/** A part of a page or tab under its own second-level heading; SectionPanel is the bordered kind. */
export const TitledSection = ({ id, title, children }: TitledSectionProps) => (
  <section aria-labelledby={id}>
    <Title order={2} size="h3" id={id} mb="sm">
      {title}
    </Title>
    {children}
  </section>
);
