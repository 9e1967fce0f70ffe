import type { Guard } from './reauth.tsx';
import type { SecurityState } from './security.ts';

/** What every panel of the security page gets from the view. */
export interface PanelProps {
  state: SecurityState;
  /** Runs a sensitive call, asking for a re-authentication first when the server wants one. */
  guard: Guard;
  /** Loads the state again after a change. */
  reload: () => Promise<void>;
  formatDate: (iso: string) => string;
}
