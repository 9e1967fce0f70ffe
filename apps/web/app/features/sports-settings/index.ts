/**
 * The office settings panel "Sports in line and live": the player hides sports from the
 * line and from live (SPEC §6, §7 "save disallowed sports"). Pages import from here only.
 */
export { SportsSettingsView, SportsSettingsForm, saveErrorText, type SaveNotice, type SportsSettingsFormProps } from './sports-settings-view.tsx';
export { fetchDisallowedSports, saveDisallowedSports } from './api.ts';
export { isDisallowedSports, NO_HIDDEN_SPORTS, SETTINGS_SPORTS, SPORTS_SECTIONS, type SportsSection } from './sports-settings.ts';
