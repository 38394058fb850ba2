import { type LocalizedPath, localizedPublicPath, paths } from '@kadr/contract';
import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/** A static page at its Russian address and its English copy under /en (same module). */
function localizedPage(path: LocalizedPath, file: string) {
  const english = localizedPublicPath(path, 'en');
  return [
    path === paths.home ? index(file) : route(path, file),
    route(english, file, { id: `en${path === paths.home ? '' : path}` }),
  ];
}

export default [
  layout('routes/public-layout.tsx', [
    ...localizedPage(paths.home, 'routes/home.tsx'),
    ...localizedPage(paths.smm, 'routes/smm.tsx'),
    ...localizedPage(paths.marketplace, 'routes/marketplace.tsx'),
    ...localizedPage(paths.inspiration, 'routes/inspiration.tsx'),
    ...localizedPage(paths.livingPhoto, 'routes/living-photo.tsx'),
    ...localizedPage(paths.influencer, 'routes/influencer.tsx'),
    ...localizedPage(paths.developers, 'routes/developers.tsx'),
    ...localizedPage(paths.privacyPolicy, 'routes/privacy-policy.tsx'),
    ...localizedPage(paths.termsOfUse, 'routes/terms-of-use.tsx'),
    ...localizedPage(paths.login, 'routes/login.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('routes/app-layout.tsx', [
    route(paths.studio, 'routes/studio.tsx'),
    route(paths.compare, 'routes/compare.tsx'),
    route(paths.batch, 'routes/batch.tsx'),
    route(paths.tools, 'routes/tools.tsx'),
    route(paths.cards, 'routes/cards.tsx'),
    route(paths.montage, 'routes/montage.tsx'),
    route(paths.history, 'routes/history.tsx'),
    route(paths.elements, 'routes/elements.tsx'),
    route(paths.profile, 'routes/profile.tsx'),
    route(paths.pricing, 'routes/pricing.tsx'),
  ]),
  // The operator console: its own layout and chunks, never prerendered.
  layout('routes/admin/layout.tsx', [
    route(paths.admin, 'routes/admin/overview.tsx'),
    route(`${paths.admin}/people`, 'routes/admin/people.tsx'),
    route(`${paths.admin}/people/:id`, 'routes/admin/person.tsx'),
    route(`${paths.admin}/generations`, 'routes/admin/generations.tsx'),
    route(`${paths.admin}/generations/:id`, 'routes/admin/generation.tsx'),
    route(`${paths.admin}/payments`, 'routes/admin/payments.tsx'),
    route(`${paths.admin}/payments/:id`, 'routes/admin/payment.tsx'),
    route(`${paths.admin}/models`, 'routes/admin/models.tsx'),
    route(`${paths.admin}/audit`, 'routes/admin/audit.tsx'),
  ]),
  // Prerendered to build/client/sitemap.xml and robots.txt.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
