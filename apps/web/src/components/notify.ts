import { NOTIFICATION_AUTO_CLOSE_MS } from '@nubes/domain';
import i18next from 'i18next';

// The notification container mounts on the first message (NotificationsHost), so a visit that
// shows none (the public portfolio) loads neither it nor its transitions (ADR 0023).
let requested = false;
const listeners = new Set<() => void>();

/** Whether any notification was asked for yet; NotificationsHost mounts the container then. */
export const notificationsRequested = (): boolean => requested;

export const subscribeNotificationsRequested = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Every notification has a title and a text and closes itself after NOTIFICATION_AUTO_CLOSE_MS. The
 * notifications package is imported on first use, so it stays out of the first load; a message
 * shown before the container is there waits in the package's store and appears when it mounts.
 */
const show = (color: string, title: string, message: string): void => {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
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
