import { z } from 'zod';
import { text } from './text.ts';

/** `GET /bff-api/config/group/get?lang=xx`; without `lang` (or with one the site does not offer) the default language answers. */
export const ConfigGroupsQuerySchema = z.object({ lang: text().regex(/^[a-z]{2}$/).optional() });
export type ConfigGroupsQuery = z.infer<typeof ConfigGroupsQuerySchema>;
