/** SPEC §3 Account `type`: 0 main (registration currency), 4 bonus, 9 additional currency account. */
export const ACCOUNT_TYPES = { main: 0, bonus: 4, currency: 9 } as const;

export type AccountTypeName = keyof typeof ACCOUNT_TYPES;
export type AccountType = (typeof ACCOUNT_TYPES)[AccountTypeName];
