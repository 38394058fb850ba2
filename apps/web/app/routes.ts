import { paths } from '@kadr/contract';
import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  layout('routes/public-layout.tsx', [
    index('routes/home.tsx'),
    route(paths.login, 'routes/login.tsx'),
    route(paths.privacyPolicy, 'routes/privacy-policy.tsx'),
    route(paths.termsOfUse, 'routes/terms-of-use.tsx'),
    route(paths.smm, 'routes/smm.tsx'),
    route(paths.marketplace, 'routes/marketplace.tsx'),
    route(paths.inspiration, 'routes/inspiration.tsx'),
    route(paths.livingPhoto, 'routes/living-photo.tsx'),
    route(paths.influencer, 'routes/influencer.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('routes/app-layout.tsx', [
    route(paths.studio, 'routes/studio.tsx'),
    route(paths.history, 'routes/history.tsx'),
    route(paths.profile, 'routes/profile.tsx'),
    route(paths.pricing, 'routes/pricing.tsx'),
  ]),
] satisfies RouteConfig;
