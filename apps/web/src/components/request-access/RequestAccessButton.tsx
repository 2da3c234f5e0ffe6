import { Button, type ButtonProps } from '@mantine/core';
import type { RouteId } from '@nubes/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog brings zod and the form layer: loaded when someone asks, not with the shell (ADR 0023).
const RequestAccessDialog = lazy(() =>
  import('./RequestAccessDialog').then((m) => ({ default: m.RequestAccessDialog })),
);

/** "Request access": opens the request to the portal management, naming the screen when there is one. */
export const RequestAccessButton = ({ screen, ...button }: { screen?: RouteId } & ButtonProps) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpened(true)}>
        {t('page.requestAccess')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <RequestAccessDialog opened screen={screen} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
};
