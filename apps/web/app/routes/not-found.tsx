/** The catch-all: every unknown path answers 404 ("This page could not be found"). */
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export function clientLoader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
