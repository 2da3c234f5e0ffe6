import { Paper, Text } from '@mantine/core';

/** A list the server could not give: what failed, and the server's own words. */
export const ListError = ({ title, message }: { title: string; message: string }) => (
  <Paper withBorder p="md" role="alert">
    <Text fw={600}>{title}</Text>
    <Text size="sm">{message}</Text>
  </Paper>
);
