import { expect, it } from 'vitest';
import { describeEachDb } from '../testing.ts';
import { demoConfigGroups, demoRedirectRules, needsSeed, seedDemoData } from './demo.ts';

describeEachDb('demo seed', (t) => {
  it('fills a fresh database once and leaves existing data alone', async () => {
    expect(await needsSeed(t.db)).toBe(true);
    expect(await seedDemoData(t.db, new Date())).toBe(true);
    expect(await needsSeed(t.db)).toBe(false);

    await t.db.deleteFrom('redirect_rules').where('from_path', '=', '/en/old-promo').execute();
    await t.db.updateTable('site_config').set({ version: 7n }).execute();
    expect(await seedDemoData(t.db, new Date())).toBe(false);

    const site = await t.db.selectFrom('site_config').select(['version', 'document']).executeTakeFirstOrThrow();
    expect(site.version).toBe(7n);
    expect(site.document).toMatchObject({ companyName: 'Betsite', defaultLanguage: 'ru' });
    expect(await t.db.selectFrom('config_groups').selectAll().execute()).toHaveLength(demoConfigGroups.length);
    // A re-run restores demo rows that are missing; it never duplicates.
    expect(await t.db.selectFrom('redirect_rules').selectAll().execute()).toHaveLength(demoRedirectRules.length);
  });
});
