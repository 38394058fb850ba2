/**
 * The picture shown when any page is shared: 1200×630 JPEG (every network reads it), made by
 * apps/web/scripts/make-images.ts. Plain data with no imports, so that script can read it too.
 */
export const socialCard = { src: '/heroImages/social-card.jpg', width: 1200, height: 630 };
