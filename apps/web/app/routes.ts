import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { ROUTES, type PageKind } from '@betsite/domain';

/** One page module per group of page kinds; a route's id is its name in the domain route table. */
const pageModule: Record<PageKind, string> = {
  home: 'routes/pages/home.tsx',
  sports: 'routes/pages/sports.tsx',
  multi: 'routes/pages/sports.tsx',
  results: 'routes/pages/sports.tsx',
  statistic: 'routes/pages/sports.tsx',
  champs: 'routes/pages/sports.tsx',
  cyber: 'routes/pages/sports.tsx',
  toto: 'routes/pages/toto.tsx',
  lotto: 'routes/pages/toto.tsx',
  office: 'routes/pages/office.tsx',
  info: 'routes/pages/info.tsx',
  rules: 'routes/pages/info.tsx',
  login: 'routes/pages/auth.tsx',
  registration: 'routes/pages/auth.tsx',
  user: 'routes/pages/auth.tsx',
  casino: 'routes/pages/casino.tsx',
  games: 'routes/pages/casino.tsx',
  promotions: 'routes/pages/promotions.tsx',
  landing: 'routes/pages/promotions.tsx',
  news: 'routes/pages/misc.tsx',
  alphabet: 'routes/pages/misc.tsx',
  'site-state': 'routes/pages/site-state.tsx',
  onpay: 'routes/pages/onpay.tsx',
  misc: 'routes/pages/misc.tsx',
  'print-coupon': 'routes/pages/print-coupon.tsx',
  coupon: 'routes/pages/coupon.tsx',
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
