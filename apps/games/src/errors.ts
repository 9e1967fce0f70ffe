/** What the player reads for a refusal or failure, by the server's code. */
const MESSAGES: Readonly<Record<string, string>> = {
  insufficient_funds: 'Not enough money on your balance for this stake.',
  self_excluded: 'You are self-excluded: real-money play is closed until your exclusion ends.',
  session_limit_reached: 'Your session time limit is reached: play again when it allows.',
  wager_limit_exceeded: 'This stake is over your wagering limit.',
  loss_limit_exceeded: 'This stake could take you over your loss limit.',
  deposit_limit_exceeded: 'Your deposit limit is reached.',
  play_not_allowed: 'Play is not allowed on this account. Please contact support.',
  stake_out_of_range: 'The stake is outside this game’s limits.',
  invalid_request: 'The game could not accept this move.',
  invalid_play: 'That move is not allowed now.',
  round_in_progress: 'Finish the round in progress first.',
  no_open_round: 'There is no round in progress.',
  round_busy: 'The previous move is still being played.',
  wallet_unavailable: 'The casino wallet is not answering. Your balance is safe; try again shortly.',
  game_not_found: 'This game is not available.',
  launch_token_invalid: 'This game link has already been used or has expired. Reopen the game from the casino.',
  session_expired: 'Your game session has expired. Reopen the game from the casino.',
  session_invalid: 'This game session is not valid. Reopen the game from the casino.',
  session_not_found: 'This game session is not valid. Reopen the game from the casino.',
  rgs_session_invalid: 'This game session is not valid. Reopen the game from the casino.',
  network_error: 'The game server could not be reached. Check your connection and try again.',
  server_error: 'The game server had a problem. Your balance is safe; try again.',
  too_many_requests: 'Too many moves at once: wait a moment.',
};

export function messageFor(code: string, fallback?: string): string {
  return MESSAGES[code] ?? fallback ?? `The game server refused the move (${code}).`;
}

/** Refusals that end the session: the host is told and the game shows the error screen. */
export function isFatal(status: number, code: string): boolean {
  return status === 401 || code === 'session_expired' || code === 'session_invalid' || code === 'session_not_found' || code === 'rgs_session_invalid';
}
