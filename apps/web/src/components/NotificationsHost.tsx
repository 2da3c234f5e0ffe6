import { NOTIFICATION_AUTO_CLOSE_MS } from '@nubes/domain';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { notificationsRequested, subscribeNotificationsRequested } from '../api/notify';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * The notification container, mounted with the first message (see notify.ts): its code and
 * transitions load only for visits that show a notification.
 */
export const NotificationsHost = () => {
  const requested = useSyncExternalStore(subscribeNotificationsRequested, notificationsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* No slide-in: a notification is readable (and passes contrast checks) the moment it shows.
      Top right below the header (app.css, .app-notifications): in the bottom corner they covered a
      form's Save and Send, on the header the user menu
      (docs/adr/0090-one-row-header-and-compact-toolbars.md). */}
      <Notifications
        autoClose={NOTIFICATION_AUTO_CLOSE_MS}
        position="top-right"
        transitionDuration={0}
        classNames={{ root: 'app-notifications' }}
      />
    </Suspense>
  );
};
