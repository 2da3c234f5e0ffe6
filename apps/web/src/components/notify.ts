import { NOTIFICATION_AUTO_CLOSE_MS } from '@nubes/domain';
import i18next from 'i18next';

/**
 * Every notification has a title and a text and closes itself after NOTIFICATION_AUTO_CLOSE_MS. The
 * notifications package is imported on first use, so it stays out of the first load.
 */
const show = (color: string, title: string, message: string): void => {
  void import('@mantine/notifications').then(({ notifications }) => {
    notifications.show({
      title,
      message,
      color,
      autoClose: NOTIFICATION_AUTO_CLOSE_MS,
      closeButtonProps: { 'aria-label': i18next.t('notifications.close') },
    });
  });
};

export const notifyError = (title: string, message: string): void => show('red', title, message);

export const notifySuccess = (title: string, message: string): void => show('green', title, message);

export const notifyInfo = (title: string, message: string): void => show('blue', title, message);
