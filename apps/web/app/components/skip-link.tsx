/**
 * The first tab stop of a page with links before its content: a jump to the element with id
 * `target` (a `<main tabIndex={-1}>`). Hidden until it has the focus (`.aw-skip-link`, site.css).
 */
export function SkipLink({ target = "main-content" }: { target?: string }) {
  return (
    <a href={`#${target}`} className="aw-skip-link">
      Skip to main content
    </a>
  );
}
