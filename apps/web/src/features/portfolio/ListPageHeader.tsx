import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListPageHeaderProps {
  title: string;
  intro?: string;
  /** Buttons beside the title (New Application). */
  actions?: ReactNode;
}

/** The one h1 of a list screen, an optional line about what it lists, and its actions. */
export const ListPageHeader = ({ title, intro, actions }: ListPageHeaderProps) => (
  <div>
    <Group justify="space-between" align="center" gap="md">
      <Title order={1}>{title}</Title>
      {actions}
    </Group>
    {intro && <Text mt="xs">{intro}</Text>}
  </div>
);
