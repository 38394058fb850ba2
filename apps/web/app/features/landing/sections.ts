/** Landing sections reachable from the header, in page order. */
export const sections = { features: 'features', faq: 'faq' } as const;
export type SectionId = (typeof sections)[keyof typeof sections];
