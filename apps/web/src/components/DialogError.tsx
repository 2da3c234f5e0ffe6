import { Alert } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyErrorOutsideDialogs, showErrorsInDialog, type DialogError as Shown } from '../api/notify';

/**
 * The errors of the dialog it sits in (notify.ts, `showErrorsInDialog`), under the dialog's
 * buttons and scrolled into view, until the next error or a success replaces it or the person
 * closes it. An error the dialog still shows when it closes (a conflict over an object that is
 * gone closes the form) goes on as a notification, so it is read all the same.
 */
export const DialogError = () => {
  const { t } = useTranslation();
  const [error, setError] = useState<Shown | null>(null);
  const shown = useRef<Shown | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const giveBack = showErrorsInDialog((next) => {
      shown.current = next;
      setError(next);
    });
    return () => {
      giveBack();
      if (shown.current) notifyErrorOutsideDialogs(shown.current.title, shown.current.message);
    };
  }, []);

  useEffect(() => {
    // jsdom has no scrolling.
    if (error) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  if (!error) return null;
  return (
    <Alert
      ref={box}
      role="alert"
      color="red"
      variant="light"
      mt="md"
      title={error.title}
      withCloseButton
      closeButtonLabel={t('notifications.close')}
      onClose={() => {
        shown.current = null;
        setError(null);
      }}
    >
      {error.message}
    </Alert>
  );
};
