import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GonePeopleList } from '../features/handover/GonePeopleList';
import { HandoverItems } from '../features/handover/HandoverItems';
import { useSearchParams } from '../routing';

/** /sc/handover: the people who are gone; ?user=<id> what one of them holds, to hand over (docs/adr/0123-people-who-leave.md). */
export const HandoverPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = params.get('user');
  if (user) return <HandoverItems key={user} personId={user} />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('routes.handover')}</Title>
        <Text mt="xs">{t('handover.peopleIntro')}</Text>
      </div>
      <GonePeopleList />
    </Stack>
  );
};
