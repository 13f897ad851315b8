/** The notification calls, through the one HTTP client, and their query keys. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyNotifications, Notification, NotificationPage, UnreadCount } from '@portal/shared';
import { http } from '../../api/http';
import { useSignedIn } from '../session/useSession';

export const notificationKeys = {
  all: ['notifications'] as const,
  my: () => ['notifications', 'my'] as const,
  page: (page: number, size: number) => ['notifications', 'page', page, size] as const,
};

const notificationsApi = {
  my: (signal?: AbortSignal) => http.get<MyNotifications>('/notifications/my', signal),
  page: (page: number, size: number, signal?: AbortSignal) =>
    http.get<NotificationPage>(`/notifications?page=${page}&size=${size}`, signal),
  one: (id: string, signal?: AbortSignal) => http.get<Notification>(`/notifications/${encodeURIComponent(id)}`, signal),
  markRead: (ids?: string[]) => http.post<UnreadCount>('/notifications/all', ids ? { ids } : {}),
};

/** The popover's latest 20 and the unread count; kept fresh by the live queue, not by polling. */
export function useMyNotifications() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: notificationKeys.my(),
    queryFn: ({ signal }) => notificationsApi.my(signal),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

export function useNotificationPage(page: number, size: number) {
  return useQuery({
    queryKey: notificationKeys.page(page, size),
    queryFn: ({ signal }) => notificationsApi.page(page, size, signal),
  });
}

/** Marks some (or, without ids, all) of one's notifications read and refreshes every notification list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => notificationsApi.markRead(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
