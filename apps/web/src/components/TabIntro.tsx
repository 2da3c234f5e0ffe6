import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TabIntroProps {
  title: string;
  /** What the tab is for, under its heading. */
  intro: string;
  /** More below the intro (a hint in smaller print). */
  children?: ReactNode;
}

/** The heading of a tab of the service's page and the line that says what it is for, above its content. */
export const TabIntro = ({ title, intro, children }: TabIntroProps) => (
  <div>
    <Title order={2} size="h3" mb="xs">
      {title}
    </Title>
    <Text>{intro}</Text>
    {children}
  </div>
);
