/**
 * Stage `media-loader`: a seam for the adapter's media preloading (banners, brand-book
 * assets). Media never changes where a navigation goes, so the decision is always continue.
 */
import { proceed } from './context.ts';
import type { Guard } from './types.ts';

export const mediaLoaderGuard: Guard = () => proceed;
