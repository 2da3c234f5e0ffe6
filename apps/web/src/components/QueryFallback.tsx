import { Text } from '@mantine/core';
import { PageLoader } from './PageLoader';

export interface QueryFallbackProps {
  query: { isPending: boolean; error: Error | null };
  /** What could not be loaded, before the error's message. */
  title?: string;
}

/**
 * What a section shows in place of its query's data: the loader while it loads, else the error as
 * an alert. A section returns it unless the query succeeded (`if (!query.isSuccess) return …`).
 */
export const QueryFallback = ({ query, title }: QueryFallbackProps) =>
  query.isPending ? (
    <PageLoader />
  ) : (
    <Text role="alert" fw={600}>
      {title ? `${title}: ` : ''}
      {query.error?.message}
    </Text>
  );
