import { resourceProvider, useActions, type BodyOf } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

/** The company's thresholds and the caller's daily digest choice. */
export const settingsProvider = resourceProvider({
  actions: {
    getCompanySettings: () =>
      apiRequest<ResponseOf<'/api/company-settings', 'get'>>('GET', '/api/company-settings'),
    /** The server recalculates every order with the new thresholds. */
    saveCompanySettings: (thresholds: BodyOf<'/api/company-settings', 'put'>) =>
      apiRequest<ResponseOf<'/api/company-settings', 'put'>>('PUT', '/api/company-settings', thresholds),
    getDigestPreference: () =>
      apiRequest<ResponseOf<'/api/digest/preferences', 'get'>>('GET', '/api/digest/preferences'),
    saveDigestPreference: (dailyDigest: boolean) =>
      apiRequest<ResponseOf<'/api/digest/preferences', 'put'>>('PUT', '/api/digest/preferences', {
        dailyDigest,
      }),
  },
});

export type SettingsActions = typeof settingsProvider.actions;
export const useSettingsActions = () => useActions<SettingsActions>();
