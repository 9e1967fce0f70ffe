import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { pageServicesContext } from './config/page-context.ts';
import './shell/global.css';

export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(pageServicesContext);
  const site = services.siteConfig;
  const lng = site.languages.find((l) => l.code === params.lng) ?? site.languages.find((l) => l.code === site.defaultLanguage);
  if (services.notFound) throw data(null, { status: 404 });
  return {
    lng: lng?.code ?? 'en',
    dir: lng?.dir ?? 'ltr',
    nonce: services.nonce,
    companyName: site.companyName,
    user: services.user,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang={root?.lng ?? 'en'} dir={root?.dir ?? 'ltr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main>
      <h1>{notFound ? 'This page could not be found' : 'Something went wrong on our side'}</h1>
    </main>
  );
}
