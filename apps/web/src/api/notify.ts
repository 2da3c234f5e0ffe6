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

/** What an open dialog shows of an error, or null to take a shown one away. */
export interface DialogError {
  title: string;
  message: string;
}
type DialogErrorSink = (error: DialogError | null) => void;

// The open dialogs that show errors themselves (DialogError.tsx), the one opened last at the end.
const dialogSinks: DialogErrorSink[] = [];

/**
 * While a dialog is open its errors show inside it, under its buttons: a notification in the
 * window's corner covered a tall dialog's Save button, and a modal dialog keeps assistive
 * technology inside it (docs/adr/0063-errors-inside-dialogs.md). Returns the function that gives
 * the errors back to the notifications.
 */
export const showErrorsInDialog = (sink: DialogErrorSink): (() => void) => {
  dialogSinks.push(sink);
  return () => {
    const index = dialogSinks.lastIndexOf(sink);
    if (index >= 0) dialogSinks.splice(index, 1);
  };
};

/** An error as a notification even while a dialog is open: one a dialog still showed when it closed. */
export const notifyErrorOutsideDialogs = (title: string, message: string): void => show('red', title, message);

export const notifyError = (title: string, message: string): void => {
  const sink = dialogSinks.at(-1);
  if (sink) sink({ title, message });
  else notifyErrorOutsideDialogs(title, message);
};

/** A success outdates an error the open dialog still shows. */
export const notifySuccess = (title: string, message: string): void => {
  dialogSinks.at(-1)?.(null);
  show('green', title, message);
};

export const notifyInfo = (title: string, message: string): void => show('blue', title, message);
