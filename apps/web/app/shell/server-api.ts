/**
 * The API client for route `loader`s (they run on the server, for documents and for the
 * `.data` requests of client navigation): the same client as the browser's, calling our own
 * API in-process as the visitor of the page request.
 */
import type { RouterContextProvider } from 'react-router';
import { pageServicesContext } from '../config/page-context.ts';
import { createApiClient, type ApiClient } from './http.ts';

export function serverApi(context: Readonly<RouterContextProvider>): ApiClient {
  const services = context.get(pageServicesContext);
  return createApiClient(services.fetch, () => services.now);
}
