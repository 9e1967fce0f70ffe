/**
 * SPEC §3 changeCoefAction: what a placement does when a selection's odds moved since the
 * player saw them. 0 refuses any change, 1 takes any, 2 (default) takes increases only.
 */
export type ChangeCoefAction = 0 | 1 | 2;

/** The coef (thousandths) the placement takes, or null when the player's choice refuses the change. */
export function takenCoef(seen: number, current: number, action: ChangeCoefAction): number | null {
  if (current === seen || action === 1 || (action === 2 && current > seen)) return current;
  return null;
}
