/**
 * SPEC §5 "registration is possible only if not a VIP domain and registration is allowed":
 * one check for every way a player is created — e-mail (full), one-click (fast), phone,
 * social completion, and the social sign-in of a new identity (which ends on an error page
 * rather than a JSON answer, so it asks `registrationOpen` itself).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthErrorCode, type SiteConfig } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';

export function registrationOpen(site: Pick<SiteConfig, 'registrationAllowed' | 'isVipDomain'>): boolean {
  return site.registrationAllowed && !site.isVipDomain;
}

/** `onRequest` hook of the registration routes: 403 `registration_closed` before the body is read. */
export async function refuseClosedRegistration(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const site = await request.server.siteConfig.get();
  if (registrationOpen(site)) return;
  throw new AppError(
    403,
    AuthErrorCode.registrationClosed,
    site.isVipDomain ? 'Registration is not available on this domain' : 'Registration is closed',
  );
}
