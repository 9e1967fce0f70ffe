import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { ROUTES, type PageKind } from '@betsite/domain';

/** One page module per page kind; a route's id is its name in the domain route table. */
const pageModule: Record<PageKind, string> = {
  home: 'routes/pages/home.tsx',
  sports: 'routes/pages/section.tsx',
  multi: 'routes/pages/section.tsx',
  results: 'routes/pages/section.tsx',
  statistic: 'routes/pages/section.tsx',
  champs: 'routes/pages/section.tsx',
  cyber: 'routes/pages/section.tsx',
  toto: 'routes/pages/section.tsx',
  lotto: 'routes/pages/section.tsx',
  office: 'routes/pages/section.tsx',
  info: 'routes/pages/section.tsx',
  rules: 'routes/pages/section.tsx',
  login: 'routes/pages/section.tsx',
  registration: 'routes/pages/section.tsx',
  user: 'routes/pages/section.tsx',
  casino: 'routes/pages/section.tsx',
  games: 'routes/pages/section.tsx',
  promotions: 'routes/pages/section.tsx',
  landing: 'routes/pages/section.tsx',
  news: 'routes/pages/section.tsx',
  alphabet: 'routes/pages/section.tsx',
  'site-state': 'routes/pages/section.tsx',
  onpay: 'routes/pages/section.tsx',
  misc: 'routes/pages/section.tsx',
  'print-coupon': 'routes/pages/section.tsx',
};

export default [
  route(':lng', 'routes/language-layout.tsx', { id: 'lng' }, [
    ...ROUTES.map((r) =>
      r.path === '' ? index(pageModule[r.kind], { id: r.name }) : route(r.path, pageModule[r.kind], { id: r.name }),
    ),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
  route('*', 'routes/not-found.tsx', { id: 'root-not-found' }),
] satisfies RouteConfig;
