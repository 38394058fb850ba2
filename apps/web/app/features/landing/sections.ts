/** Landing sections reachable from the header, in page order. */
export const sections = { features: 'features', prices: 'prices', faq: 'faq' } as const;
export type SectionId = (typeof sections)[keyof typeof sections];
