import { type RefObject, startTransition, useLayoutEffect, useState } from "react";
import { isPageHydrated } from "../../../components/use-hydrated.js";

/** The part of `container` in the window (its own coordinates) and its width, measured once a frame on scroll and resize. */
export function useViewport(container: RefObject<HTMLDivElement | null>) {
  const [box, setBox] = useState({ top: 0, bottom: 800, width: 960 });
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      const next = { top: -rect.top, bottom: window.innerHeight - rect.top, width: Math.floor(rect.width) };
      setBox((prev) =>
        prev.top === next.top && prev.bottom === next.bottom && prev.width === next.width ? prev : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Mounted later, measured at once. While the page hydrates, in the next frame, where the
    // browser lays the page out anyway: measured here, that first layout was forced inside
    // hydration's commit, its longest task (decision 0089). The rows follow in a transition
    // React can slice; the server's rows stand until then (decision 0081).
    if (isPageHydrated()) measure();
    else frame = requestAnimationFrame(() => startTransition(measure));
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [container]);
  return box;
}
