import { useEffect } from 'react';
import { App } from 'antd';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MyNotifications, QueueMessage } from '@portal/shared';
import { LIVE_CLOSE, NOTIFICATION_TOPIC } from '@portal/shared';
import { http } from '../../api/http';
import { openLive } from '../../api/stomp';
import { PROFILE_KEY, useLogout, useSignedIn } from '../session/useSession';
import { requestKeys } from '../requests/queries';
import { chatKeys } from '../chat/api';
import { offerChanged } from '../offers/queries';
import { leaseMoved } from '../offers/editor/leaseMoves';
import { notificationKeys } from './api';
import { responseKeys } from '../responses/queries';

/**
 * The signed-in user's live queue (/topic/queue on /stomp): a new notification updates the bell at once; a
 * country deactivation signs the user out. Mounted once, by the header's bell.
 */
export function useLiveQueue(): void {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { message } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    if (!signedIn) return;
    let ended = false;
    const endSession = () => {
      if (ended) return;
      ended = true;
      void live.close();
      message.warning(t('notifications.countryDeactivated'));
      void logout();
    };
    const openedAt = Date.now();
    let connectedBefore = false;
    const live = openLive('/stomp', {
      // Reconnected: catch up on anything that arrived while the connection was down. On the first connection, the
      // bell's list is read again only if it was read before the connection was opened: read as the page opened, it
      // is not read a second time; a notification written in the instant between that read and the
      // subscription shows with the next one, which reads the list again. The lists of rooms (open on the messaging
      // screens only) are read again whenever the subscription is confirmed: a room created while a slow connection
      // was being made would otherwise never appear, since nothing else announces it.
      onState: (up) => {
        if (!up) return;
        const first = !connectedBefore;
        connectedBefore = true;
        const predicate = (query: Query) =>
          !first || (query.state.fetchStatus !== 'fetching' && query.state.dataUpdatedAt < openedAt);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all, predicate });
        void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
      },
      // The server closes a deactivated country's connections with COUNTRY_DEACTIVATED, and those of a session that
      // ended (user deactivated, password changed or reset, signed out elsewhere) with UNAUTHORIZED: one call finds
      // the refresh refused, which ends the session here and shows the sign-in page.
      onError: (reason) => {
        if (reason === LIVE_CLOSE.COUNTRY_DEACTIVATED) endSession();
        else if (reason === LIVE_CLOSE.UNAUTHORIZED) http.get('/profile/current').catch(() => undefined);
        // An administrator changed this user's role or country: the connection comes back by itself, and the profile
        // (menus, workspace, permissions) is read again so the screen follows the new role.
        else if (reason === LIVE_CLOSE.ROLE_CHANGED) void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      },
    });
    live.subscribe(NOTIFICATION_TOPIC, (frame) => {
      const body = JSON.parse(frame.body) as QueueMessage;
      if (body.type === 'COUNTRY_DEACTIVATED') return endSession();
      // A room one is (or was) in changed: its lists, counters and unread counts are read again.
      if (body.type === 'CHAT_ROOM') {
        void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
        void queryClient.invalidateQueries({ queryKey: chatKeys.room(body.roomId) });
        return;
      }
      // A decision on a counter offer's entry: its entries, the draft it wrote into and the dashboard are read again.
      if (body.type === 'COUNTER_OFFER_DECIDED') {
        void queryClient.invalidateQueries({ queryKey: responseKeys.entries(body.responseId) });
        void queryClient.invalidateQueries({ queryKey: responseKeys.accepted(body.offerId) });
        void offerChanged(queryClient, body.offerId);
        return;
      }
      // The user took an offer over in one of their sessions: its editors here ask for the lease again.
      if (body.type === 'OFFER_LEASE_MOVED') return leaseMoved(body.offerId);
      if (body.type === 'NOTIFICATION') {
        queryClient.setQueryData<MyNotifications>(notificationKeys.my(), (old) =>
          old
            ? {
                unread: body.unread,
                notifications: [
                  body.notification,
                  ...old.notifications.filter((n) => n.id !== body.notification.id),
                ].slice(0, 20),
              }
            : old,
        );
        // A request sent, answered or withdrawn: the request screens read it again.
        if (body.notification.kind.startsWith('request.'))
          void queryClient.invalidateQueries({ queryKey: requestKeys.all });
        // An offer returned, validated, finalized…: its editor, viewer and lists show the new status without a reload.
        if (body.offerId) void offerChanged(queryClient, body.offerId);
      } else {
        queryClient.setQueryData<MyNotifications>(notificationKeys.my(), (old) =>
          old ? { ...old, unread: body.unread } : old,
        );
      }
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    });
    return () => {
      ended = true;
      void live.close();
    };
  }, [signedIn, queryClient, logout, message, t]);
}
