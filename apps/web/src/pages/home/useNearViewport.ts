import { useEffect, useState, type RefObject } from 'react';

/** How far below the screen an element counts as near: its content is fetched before it is scrolled to. */
const AHEAD = '0px 0px 400px 0px';

/**
 * True once the element is on the screen or within 400 px of it (and from then on), watched only once `watch` is
 * true (until then the element may still move); true as soon as it is watched when `atOnce` (an anchor points into
 * the page) or where the browser has no IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>, watch: boolean, atOnce = false): boolean {
  // False in the first render, wherever it is made: the server's HTML of the first screen (no observer there) and the
  // browser's hydration of it must agree.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !watch || !element) return undefined;
    if (atOnce || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, watch, atOnce]);
  return near;
}
