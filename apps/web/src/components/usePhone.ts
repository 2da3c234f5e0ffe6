import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint: a phone's layout (docs/adr/0046-phone-layout.md). */
const PHONE_QUERY = '(max-width: 47.99em)';

/** Whether the screen is a phone's, known at the first render so the layout does not jump. */
export const usePhone = (): boolean => useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
