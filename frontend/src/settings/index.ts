/** The settings' part of the data provider (decision 0053); the screen is a route (SettingsTab). */
export { settingsProvider, useSettingsActions, type SettingsActions } from './provider';
