import { isRouteErrorResponse } from 'react-router';

/** 404 for "not found" responses, 500 for everything else. */
export function errorStatus(error: unknown): 404 | 500 {
  return isRouteErrorResponse(error) && error.status === 404 ? 404 : 500;
}
