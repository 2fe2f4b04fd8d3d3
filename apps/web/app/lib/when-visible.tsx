import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";

/**
 * A box that renders its content only in the browser, once the box comes within 200 px of the
 * viewport (decision 150): the server and the first render send the empty box, so a lazy
 * component inside (and its code) loads after the page's content and only if a reader gets there.
 * For parts with nothing to show before the browser draws them (a chart measures its box first);
 * give the box a fixed size so nothing moves when it fills. The content is a picture of figures
 * shown beside it: hidden from assistive technology and inert, so a chart's own tab stops stay out
 * of the keyboard's way.
 */
export function WhenVisible({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setVisible(true);
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={className} aria-hidden inert>
      {visible && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
