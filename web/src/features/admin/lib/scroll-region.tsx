/** A wide table's scrolling frame: a named region the keyboard can reach and scroll (axe, WCAG 2.1.1). */
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="admin-table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
