/** Landing sections reachable from the header, in page order. */
export const sections = { features: 'features', faq: 'faq' } as const;
export type SectionId = (typeof sections)[keyof typeof sections];

/** Smoothly scrolls to a section of the current page and moves keyboard focus there. */
export function scrollToSection(id: SectionId): void {
  const section = document.getElementById(id);
  if (!section) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
  // Keep the address shareable without a router navigation (which would jump, not glide).
  window.history.replaceState(window.history.state, '', `#${id}`);
}
