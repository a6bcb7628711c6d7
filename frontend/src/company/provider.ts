import { resourceProvider, useActions } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

/** Creating the caller's company; answers the caller's session as it now stands. */
export const companyProvider = resourceProvider({
  actions: {
    /** An absent name lets the server use "{user name}'s Company". */
    createCompany: (name?: string) =>
      apiRequest<ResponseOf<'/api/company/create', 'post'>>(
        'POST',
        '/api/company/create',
        name ? { name } : {},
      ),
  },
});

export type CompanyActions = typeof companyProvider.actions;
export const useCompanyActions = () => useActions<CompanyActions>();
