import { useEffect, useState, type RefObject } from 'react';

/** How far below the screen an element counts as near: its content is fetched before it is scrolled to. */
const AHEAD = '0px 0px 400px 0px';

/**
 * True once the element is on the screen or within 400 px of it (and from then on), watched only once `watch` is
 * true (until then the element may still move); true at once where the browser has no IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>, watch: boolean): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !watch || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, watch]);
  return near;
}
