import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';

/**
 * Follows a mailed link once: posts its token as soon as the page opens. The guard keeps a second run of the effect
 * (React's strict mode, a re-render) from posting it again, which for an unsubscribe link would turn success into
 * "not valid". An empty token posts nothing.
 */
export function useMailedLink<T>(token: string, follow: (token: string) => Promise<T>) {
  const mutation = useMutation({ mutationFn: follow });
  const { mutate } = mutation;
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!token || followed.current === token) return;
    followed.current = token;
    mutate(token);
  }, [token, mutate]);
  return mutation;
}
